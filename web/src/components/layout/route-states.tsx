import { Link, type ErrorComponentProps } from '@tanstack/react-router';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';

// Loaded lazily (router.tsx, root-route.tsx): most visits never show them.

export function RouteError({ error, reset }: ErrorComponentProps) {
  return (
    <main id="main" className="mx-auto w-full max-w-xl flex-1 px-4 py-12">
      <Alert variant="destructive">
        <AlertTitle>Something went wrong</AlertTitle>
        <AlertDescription>
          <p>{error instanceof Error ? error.message : 'The page could not be shown.'}</p>
        </AlertDescription>
      </Alert>
      <Button className="mt-4" variant="outline" onClick={reset}>
        Try again
      </Button>
    </main>
  );
}

export function NotFoundPage() {
  return (
    <main id="main" className="mx-auto w-full max-w-xl flex-1 px-4 py-16 text-center">
      <title>Page not found · BISN</title>
      <h1 className="text-2xl font-semibold tracking-tight">Page not found</h1>
      <p className="mt-2 text-muted-foreground">The page you asked for does not exist or has moved.</p>
      <Button asChild className="mt-6">
        <Link to="/">Go to the home page</Link>
      </Button>
    </main>
  );
}
