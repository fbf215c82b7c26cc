import { Link } from '@tanstack/react-router';
import type { LucideIcon } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';

/** One dashboard tile: icon and title, a big value, a short caption, and an optional link. */
export function DashboardTile({
  title,
  icon: Icon,
  caption,
  link,
  comingSoon = false,
  className,
  children,
}: {
  title: string;
  icon: LucideIcon;
  caption?: ReactNode;
  link?: { to: string; label: string };
  comingSoon?: boolean;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <Card className={cn('gap-3', comingSoon && 'border-dashed bg-muted/40', className)}>
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle className="text-sm font-medium">{title}</CardTitle>
        <Icon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-1">
        {comingSoon && (
          <Badge variant="secondary" className="mb-1">
            Coming soon
          </Badge>
        )}
        {children}
        {caption && <CardDescription>{caption}</CardDescription>}
        {link && (
          <Link to={link.to} className="mt-auto pt-2 text-sm font-medium text-primary underline-offset-4 hover:underline">
            {link.label}
          </Link>
        )}
      </CardContent>
    </Card>
  );
}

/** The tile's main figure. */
export function TileValue({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('text-3xl font-semibold tracking-tight tabular-nums', className)} {...props} />;
}
