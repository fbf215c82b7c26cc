import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';

// The form (react-hook-form, the password rules, Cognito's call) loads when the broker asks for it, not
// with the profile page every visit.
const ChangePasswordForm = lazy(() =>
  import('./change-password-form').then((module) => ({
    default: module.ChangePasswordForm,
  })),
);

/** The profile page's Change Password card; `className` lets the page place it in its grid. */
export function ChangePasswordCard({ className }: { className?: string }) {
  const [changing, setChanging] = useState(false);
  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle>Change Password</CardTitle>
        <CardDescription>{changing ? 'Choose a new password that keeps every rule below.' : 'Your password signs you in.'}</CardDescription>
      </CardHeader>
      <CardContent>
        {changing ? (
          <Suspense fallback={<Spinner />}>
            <ChangePasswordForm />
          </Suspense>
        ) : (
          <Button variant="outline" onClick={() => setChanging(true)}>
            Change your password
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
