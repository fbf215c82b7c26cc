import { MailWarningIcon } from 'lucide-react';
import { describeMailStop } from '@shared/rules/format';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/features/auth';
import { cn } from '@/lib/utils';
import { useResumeMail } from '../api/resume-mail';

/**
 * Tells a broker that BISN stopped e-mailing their address (SES reported a hard bounce or a spam report)
 * and lets them resume once they have fixed it; renders nothing while their mail flows.
 */
export function MailStopNotice({ className }: { className?: string }) {
  const { user } = useAuth();
  const resume = useResumeMail();
  if (!user?.mailStop) return null;
  const bounced = user.mailStop.reason === 'bounce';
  return (
    <Alert variant="destructive" className={cn('bg-card', className)} data-testid="mail-stop-notice">
      <MailWarningIcon aria-hidden="true" />
      <AlertTitle>We have stopped e-mailing {user.email}</AlertTitle>
      <AlertDescription className="grid gap-3">
        <p>
          {describeMailStop(user.mailStop)}{' '}
          {bounced
            ? 'Check with your mail provider or IT team that this mailbox exists and accepts our mail.'
            : 'If that was a mistake, mark our mail as not spam in your mail program.'}{' '}
          Until you resume, you receive no listings blast, requirement broadcasts or notices.
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <Button size="sm" variant="outline" disabled={resume.isPending} onClick={() => resume.mutate(user._id)}>
            {resume.isPending && <Spinner />}
            I have fixed it: e-mail me again
          </Button>
          {resume.isError && (
            <span role="alert" className="text-sm">
              {resume.error.message}
            </span>
          )}
        </div>
      </AlertDescription>
    </Alert>
  );
}
