import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@/components/ui/card';

/** The frame of the account screens: one centred card with the screen's h1. */
export function AuthPage({
  title,
  description,
  footer,
  children,
}: {
  title: string;
  description?: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main id="main" className="flex flex-1 items-start justify-center px-4 py-8 sm:py-14">
      <title>{`${title} · BISN`}</title>
      <Card className="w-full max-w-md">
        <CardHeader>
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        <CardContent>{children}</CardContent>
        {footer && <CardFooter className="flex-wrap gap-x-1 text-sm text-muted-foreground">{footer}</CardFooter>}
      </Card>
    </main>
  );
}
