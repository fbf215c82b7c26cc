import { getRouteApi, Link } from '@tanstack/react-router';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useUnsubscribeLink } from '../api/use-unsubscribe-link';
import { LinkSubscriptions } from '../components/link-subscriptions';
import { UnsubscribeForm } from '../components/unsubscribe-form';

const route = getRouteApi('/unsubscribe');

/**
 * /unsubscribe (spec 01 §2, PRODUCT.md "Subscriptions"). Without a token: the form, which e-mails the
 * address a signed link. With the `?token=` of a mail's link: that link's page, which reads and shows,
 * and acts only on a button (corporate link scanners open every link in a mail).
 */
export function UnsubscribePage() {
  const { token } = route.useSearch();
  return (
    <main id="main" className="flex flex-1 items-start justify-center px-4 py-8 sm:py-14">
      <title>Unsubscribe · BISN</title>
      <Card className="w-full max-w-md">
        <CardHeader>
          <h1 className="text-2xl font-semibold tracking-tight">Unsubscribe</h1>
          {!token && <CardDescription>Enter your e-mail address and we will send it a link to choose what to stop.</CardDescription>}
        </CardHeader>
        <CardContent>{token ? <SignedLink token={token} /> : <UnsubscribeForm />}</CardContent>
        <CardFooter className="flex-wrap gap-x-1 text-sm text-muted-foreground">
          <span>Not a member yet?</span>
          <Link to="/signup" className="font-medium text-primary underline-offset-4 hover:underline">
            Sign Up
          </Link>
        </CardFooter>
      </Card>
    </main>
  );
}

function SignedLink({ token }: { token: string }) {
  const link = useUnsubscribeLink(token);
  if (link.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner label="Loading" /> Loading your subscriptions…
      </p>
    );
  }
  if (link.isError) {
    // A link that does not verify falls back to the form.
    return (
      <div className="grid gap-5">
        <Alert variant="destructive">
          <AlertDescription>{link.error.message}</AlertDescription>
        </Alert>
        <UnsubscribeForm />
      </div>
    );
  }
  return <LinkSubscriptions token={token} link={link.data} />;
}
