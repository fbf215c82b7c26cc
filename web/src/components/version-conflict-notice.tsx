import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';

export const reloadTheirsLabel = 'Reload their version';
export const keepMineLabel = 'Keep mine';

/**
 * A save was refused because the record changed elsewhere since this form loaded it (another tab, or
 * someone working for the broker). Nothing is lost: the form still holds every edit until the broker
 * chooses to take the other version or to overwrite it with this one.
 */
export function VersionConflictNotice({
  message,
  busy,
  onReload,
  onOverwrite,
}: {
  message: string;
  busy: boolean;
  onReload: () => void;
  onOverwrite: () => void;
}) {
  return (
    <Alert variant="destructive" role="alert">
      <AlertDescription className="grid gap-2">
        <span>{message}</span>
        <span className="flex flex-wrap gap-2">
          <Button type="button" size="sm" variant="outline" disabled={busy} onClick={onReload}>
            {reloadTheirsLabel}
          </Button>
          <Button type="button" size="sm" disabled={busy} onClick={onOverwrite}>
            {keepMineLabel}
          </Button>
        </span>
      </AlertDescription>
    </Alert>
  );
}
