import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

/** The end of an edit form: the server's error (if any), then Cancel and the submit button. */
export function DialogFormFooter({
  error,
  saving,
  submitLabel,
  onCancel,
  submitDisabled = false,
}: {
  error: string | undefined;
  saving: boolean;
  submitLabel: string;
  onCancel: () => void;
  submitDisabled?: boolean;
}) {
  return (
    <>
      {error && (
        <Alert variant="destructive">
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      )}
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving || submitDisabled}>
          {saving && <Spinner />}
          {submitLabel}
        </Button>
      </div>
    </>
  );
}
