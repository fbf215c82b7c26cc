import { Link } from '@tanstack/react-router';
import { ClockIcon } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { cn } from '@/lib/utils';
import { useAuth } from '../use-auth';

/**
 * The notice for accounts awaiting approval (spec 01 §1, PRODUCT.md "Accounts and approval"); renders
 * nothing for anyone else. Until approval the API refuses creating requirements and listings. Sign-up asks
 * only for a name: the notice asks for the license number and firm the operators verify before approving.
 */
export function ReviewNotice({ className, onProfile = false }: { className?: string; onProfile?: boolean }) {
  const { user } = useAuth();
  if (user?.status !== 'awaiting approval') return null;
  const missing = [!user.license.trim() && 'your license number (Personal Information)', !user.brokerInfo?.name && 'your firm (Broker Information)'].filter(
    (item): item is string => !!item,
  );
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
        {missing.length > 0 && (
          <p className="mt-2" data-testid="review-notice-missing">
            <strong>Brokers:</strong> add {missing.join(' and ')} {onProfile ? 'below' : 'in your Profile'} so our team can verify your license.{' '}
            {!onProfile && (
              <Link to="/consumer/profile" className="font-medium underline underline-offset-4">
                Open your Profile
              </Link>
            )}
          </p>
        )}
      </AlertDescription>
    </Alert>
  );
}
