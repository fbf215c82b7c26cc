import { getRouteApi, Link } from '@tanstack/react-router';
import { formatDate } from '@shared/rules/format';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { listingPath, requirementPath } from '@/features/consumer/paths';
import { useRenewLink, useUseRenewLink } from '../api/use-renew-link';

const route = getRouteApi('/renew');

/**
 * /renew?token=: a reminder's one-click renew link. The page reads what the link renews and
 * acts only on its button (mail scanners open every link); a forged, expired or used link says what
 * happened and offers sign-in.
 */
export function RenewPage() {
  const { token } = route.useSearch();
  return (
    <main id="main" className="flex flex-1 items-start justify-center px-4 py-8 sm:py-14">
      <title>Renew · BISN</title>
      <Card className="w-full max-w-md">
        <CardHeader>
          <h1 className="text-2xl font-semibold tracking-tight">Still current?</h1>
        </CardHeader>
        <CardContent>{token ? <RenewLink token={token} /> : <p role="alert">This renew link is not valid. Sign in to renew your item from the site.</p>}</CardContent>
        <CardFooter className="text-sm text-muted-foreground">
          <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
            Sign in
          </Link>
        </CardFooter>
      </Card>
    </main>
  );
}

function RenewLink({ token }: { token: string }) {
  const link = useRenewLink(token);
  const use = useUseRenewLink(token);
  if (link.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner label="Loading" /> Checking your link…
      </p>
    );
  }
  if (link.isError) {
    return (
      <Alert variant="destructive">
        <AlertDescription>{link.error.message}</AlertDescription>
      </Alert>
    );
  }
  const { state, message, kind, id, title, expiresAt } = link.data;
  const page = id && kind ? (kind === 'requirement' ? requirementPath(id) : listingPath(id)) : null;
  return (
    <div className="grid gap-4">
      {title && <p className="text-lg font-semibold break-words">{title}</p>}
      <p role={state === 'ready' || state === 'renewed' ? 'status' : 'alert'} className={state === 'ready' || state === 'renewed' ? undefined : 'text-destructive'}>
        {message}
      </p>
      {expiresAt && (state === 'ready' || state === 'renewed') && (
        <p className="text-sm text-muted-foreground">
          {state === 'renewed' ? 'Now active until' : 'Active until'} {formatDate(expiresAt)}.
        </p>
      )}
      {state === 'ready' && (
        <Button onClick={() => use.mutate()} disabled={use.isPending}>
          {use.isPending && <Spinner label="Renewing" />}
          Renew {kind === 'listing' ? 'for 120 days' : 'for 90 days'}
        </Button>
      )}
      {use.isError && (
        <Alert variant="destructive">
          <AlertDescription>{use.error.message}</AlertDescription>
        </Alert>
      )}
      {page && state === 'renewed' && (
        <Link to={page} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          Open it
        </Link>
      )}
    </div>
  );
}
