import { Link } from '@tanstack/react-router';
import { Tabs } from 'radix-ui';
import { useState } from 'react';
import type { AdminUser } from '@shared/api/schemas/users';
import { ConfirmButton } from '@/components/confirm-button';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { ConsumerPage } from '@/features/consumer/components/consumer-page';
import { consumerPaths } from '@/features/consumer/paths';
import { useAuth } from '@/features/auth';
import { cn } from '@/lib/utils';
import { fullName, useAccountAction } from '../api/operator-queries';
import { AccountList } from '../components/account-list';
import { AuditLog } from '../components/audit-log';
import { ExportLog } from '../components/export-log';
import { DelegationQueue } from '../components/delegation-queue';

function ApproveButton({ user }: { user: AdminUser }) {
  const approve = useAccountAction('approve', 'awaiting approval');
  return (
    <Button size="sm" onClick={() => approve.mutate(user)} disabled={approve.isPending} aria-label={`Approve ${fullName(user) || user.email}`}>
      Approve
    </Button>
  );
}

function DisableButton({ user }: { user: AdminUser }) {
  const disable = useAccountAction('disable', 'active');
  const name = fullName(user) || user.email;
  return (
    <ConfirmButton
      title={`Disable ${name}?`}
      description={`${user.email} will be signed out everywhere and can no longer sign in or use the API. You can enable the account again later.`}
      confirmLabel="Disable Account"
      destructive
      disabled={disable.isPending}
      onConfirm={() => disable.mutate(user)}
      buttonProps={{ size: 'sm', variant: 'outline', 'aria-label': `Disable ${name}` }}
    >
      Disable
    </ConfirmButton>
  );
}

function EnableButton({ user }: { user: AdminUser }) {
  const enable = useAccountAction('enable', 'disabled');
  return (
    <Button size="sm" variant="outline" onClick={() => enable.mutate(user)} disabled={enable.isPending} aria-label={`Enable ${fullName(user) || user.email}`}>
      Enable
    </Button>
  );
}

const tabTrigger = cn(
  'rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground outline-none transition-colors',
  'hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
  'data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm',
);

function MembersPanel() {
  const [status, setStatus] = useState<'active' | 'disabled'>('active');
  return (
    <div className="grid gap-4">
      <RadioGroup
        aria-label="Show accounts"
        value={status}
        onValueChange={(value) => setStatus(value as 'active' | 'disabled')}
        className="flex flex-wrap gap-5"
      >
        {(['active', 'disabled'] as const).map((value) => (
          <div key={value} className="flex items-center gap-2">
            <RadioGroupItem value={value} id={`members-${value}`} />
            <Label htmlFor={`members-${value}`}>{value === 'active' ? 'Active' : 'Disabled'}</Label>
          </div>
        ))}
      </RadioGroup>
      {status === 'active' ? (
        <AccountList status="active" label="Active accounts" empty="No active accounts." action={(user) => <DisableButton user={user} />} />
      ) : (
        <AccountList status="disabled" label="Disabled accounts" empty="No disabled accounts." action={(user) => <EnableButton user={user} />} />
      )}
    </div>
  );
}

/**
 * /consumer/operators (PRODUCT.md "Accounts and approval"): the approval queue with one-click approval,
 * the members, who can be disabled and enabled again, the exports and the operators' audit trail. Only for the Cognito group `operators`; the
 * API refuses everyone else anyway.
 */
export function OperatorsPage() {
  const { user } = useAuth();
  if (!user?.isOperator) {
    return (
      <ConsumerPage title="Operators">
        <p className="text-muted-foreground">
          This page is for the operator team only.{' '}
          <Link to={consumerPaths.dashboard} className="font-medium text-primary underline-offset-4 hover:underline">
            Go to the dashboard
          </Link>
        </p>
      </ConsumerPage>
    );
  }
  return (
    <ConsumerPage title="Operators">
      <Tabs.Root defaultValue="queue" className="grid gap-5">
        <Tabs.List aria-label="Operator lists" className="inline-flex w-fit max-w-full flex-wrap items-center gap-1 rounded-lg bg-muted p-1">
          <Tabs.Trigger value="queue" className={tabTrigger}>
            Approval queue
          </Tabs.Trigger>
          <Tabs.Trigger value="delegates" className={tabTrigger}>
            Delegates
          </Tabs.Trigger>
          <Tabs.Trigger value="members" className={tabTrigger}>
            Members
          </Tabs.Trigger>
          <Tabs.Trigger value="exports" className={tabTrigger}>
            Exports
          </Tabs.Trigger>
          <Tabs.Trigger value="audit" className={tabTrigger}>
            Audit
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="queue" className="grid gap-3 outline-none">
          <p className="text-sm text-muted-foreground">
            New accounts, oldest first, brokers and assistants. Check a broker&apos;s license number before approving. Approving activates the
            account and e-mails the applicant; an assistant&apos;s approval also approves them as the delegate of each broker who confirmed them.
          </p>
          <AccountList
            status="awaiting approval"
            label="Accounts awaiting approval"
            empty="No accounts are waiting for approval."
            action={(account) => <ApproveButton user={account} />}
          />
        </Tabs.Content>
        <Tabs.Content value="delegates" className="grid gap-3 outline-none">
          <p className="text-sm text-muted-foreground">
            Accounts that asked to assist a broker, once the broker confirmed them. Approving lets them work on that broker&apos;s listings and requirements.
          </p>
          <DelegationQueue />
        </Tabs.Content>
        <Tabs.Content value="members" className="outline-none">
          <MembersPanel />
        </Tabs.Content>
        <Tabs.Content value="exports" className="grid gap-3 outline-none">
          <p className="text-sm text-muted-foreground">Every export of a contact list: who, which list, how many rows.</p>
          <ExportLog />
        </Tabs.Content>
        <Tabs.Content value="audit" className="grid gap-3 outline-none">
          <p className="text-sm text-muted-foreground">
            Every operator action, newest first: who approved, disabled, enabled or removed what, and when — on this page, with the admin CLI or in the
            Cognito console.
          </p>
          <AuditLog />
        </Tabs.Content>
      </Tabs.Root>
    </ConsumerPage>
  );
}
