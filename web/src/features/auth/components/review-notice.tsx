import { ClockIcon } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { cn } from '@/lib/utils';
import { useAuth } from '../use-auth';

/**
 * The notice for accounts awaiting approval (spec 01 §1, PRODUCT.md "Accounts and approval"); renders
 * nothing for anyone else. Until approval the API refuses creating requirements and listings.
 */
export function ReviewNotice({ className }: { className?: string }) {
  const { user } = useAuth();
  if (user?.status !== 'awaiting approval') return null;
  return (
    <Alert className={cn('border-amber-300 bg-amber-50 text-amber-950 [&>svg]:text-amber-700', className)} data-testid="review-notice">
      <ClockIcon aria-hidden="true" />
      <AlertTitle>Your account is being reviewed…</AlertTitle>
      <AlertDescription>
        <p>
          Our team activates new accounts after a review, typically in under 24 hours, and we will e-mail you as soon as yours
          is approved. Until then you can complete your profile and browse, but sharing requirements and publishing listings
          are not available yet.
        </p>
      </AlertDescription>
    </Alert>
  );
}
