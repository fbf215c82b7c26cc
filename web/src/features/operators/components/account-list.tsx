import { useInfiniteQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { AdminUser, UserStatus } from '@shared/api/schemas/users';
import { describeMailStop, formatDate } from '@shared/rules/format';
import { Badge } from '@/components/ui/badge';
import { accountsQuery, fullName } from '../api/operator-queries';
import { PagedList } from '@/components/paged-list';

/** Columns on wide screens; on phones each account is a small stacked card. */
const grid = 'md:grid md:grid-cols-[minmax(0,2fr)_minmax(0,2.2fr)_minmax(0,1fr)_minmax(0,1.6fr)_7rem_6rem] md:items-center md:gap-4';

function Cell({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={className}>
      <span className="text-xs text-muted-foreground md:sr-only">{label}: </span>
      {children}
    </div>
  );
}

const assistText: Record<AdminUser['assists'][number]['state'], (name: string) => string> = {
  requested: (name) => `${name} has not confirmed them yet: approving activates the account only.`,
  confirmed: (name) => `Confirmed by ${name}: approving also lets them work for ${name}.`,
  approved: (name) => `Works for ${name}.`,
};

/** Broker or assistant, and for an assistant whose, and what approving does to the delegation. */
function ApplicantKind({ user }: { user: AdminUser }) {
  if (user.assists.length === 0) {
    return (
      <Badge variant="outline" className="ml-2 align-middle font-normal">
        Broker
      </Badge>
    );
  }
  return (
    <>
      <Badge variant="secondary" className="ml-2 align-middle font-normal">
        Assistant
      </Badge>
      <ul className="mt-1 grid gap-0.5 text-xs font-normal text-muted-foreground">
        {user.assists.map((broker) => (
          <li key={broker.email}>
            Assistant to <span className="text-foreground">{broker.name}</span> ({broker.email}). {assistText[broker.state](broker.name)}
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * The accounts in one status, oldest first (the approval queue when "awaiting approval"), with one
 * action per account.
 */
export function AccountList({
  status,
  label,
  empty,
  action,
}: {
  status: UserStatus;
  /** Accessible name of the list. */
  label: string;
  empty: string;
  action: (user: AdminUser) => ReactNode;
}) {
  const query = useInfiniteQuery(accountsQuery(status));
  return (
    <PagedList query={query} what="accounts" empty={empty}>
      {(accounts) => (
        <>
          <div aria-hidden="true" className={`hidden px-4 text-xs font-medium text-muted-foreground ${grid}`}>
            <span>Name</span>
            <span>E-mail</span>
            <span>License</span>
            <span>Broker</span>
            <span>Signed up</span>
            <span className="sr-only">Action</span>
          </div>
          <ul aria-label={label} className="grid gap-2">
            {accounts.map((user) => (
              <li key={user._id} className={`grid gap-1.5 rounded-lg border bg-card p-4 text-sm ${grid}`}>
                <div className="font-medium">
                  {fullName(user) || '–'}
                  {!user.emailConfirmed && (
                    <Badge variant="outline" className="ml-2 align-middle font-normal">
                      e-mail not confirmed
                    </Badge>
                  )}
                  <ApplicantKind user={user} />
                  {user.mailStop && (
                    <p className="mt-1 text-xs font-normal text-destructive">
                      Mail stopped: {describeMailStop(user.mailStop)}
                    </p>
                  )}
                </div>
                <Cell label="E-mail" className="min-w-0 break-words">
                  <a href={`mailto:${user.email}`} className="text-primary underline-offset-4 hover:underline">
                    {user.email}
                  </a>
                </Cell>
                <Cell label="License">{user.license || '–'}</Cell>
                <Cell label="Broker" className="min-w-0 break-words">
                  {user.brokerInfo?.name || '–'}
                </Cell>
                <Cell label="Signed up">{formatDate(user.createdAt)}</Cell>
                <div className="mt-2 md:mt-0 md:justify-self-end">{action(user)}</div>
              </li>
            ))}
          </ul>
        </>
      )}
    </PagedList>
  );
}
