import { PencilIcon, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

/**
 * One card of My Profile: a title, its edit button, and its content — or skeleton lines while the user
 * record loads (spec 02 §2 "Profile").
 */
export function ProfileCard({
  title,
  editLabel,
  editText = 'Edit',
  editIcon: EditIcon = PencilIcon,
  onEdit,
  loading,
  className,
  children,
}: {
  title: string;
  /** Accessible name and text of the edit button, e.g. "Edit Personal Information". */
  editLabel?: string;
  /** Visible text of the edit button. */
  editText?: string;
  editIcon?: LucideIcon;
  onEdit?: () => void;
  loading: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Card className={cn('gap-4', className)} aria-busy={loading || undefined}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {onEdit && (
          <CardAction>
            <Button variant="outline" size="sm" onClick={onEdit} disabled={loading} aria-label={editLabel}>
              <EditIcon aria-hidden="true" />
              {editText}
            </Button>
          </CardAction>
        )}
      </CardHeader>
      <CardContent>{loading ? <CardSkeleton /> : children}</CardContent>
    </Card>
  );
}

function CardSkeleton() {
  return (
    <div className="grid gap-3" data-testid="profile-card-skeleton">
      <Skeleton className="h-4 w-2/3" />
      <Skeleton className="h-4 w-1/2" />
      <Skeleton className="h-4 w-3/4" />
    </div>
  );
}

/** A label/value row of a read-only card. */
export function InfoRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7rem_1fr] gap-2 py-1.5 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children || <span className="text-muted-foreground">—</span>}</dd>
    </div>
  );
}
