import { Alert, AlertDescription } from '@/components/ui/alert';

/** A form's outcome line: green for a notice, red (announced at once) for an error. */
export function FormMessage({ error, notice }: { error?: string; notice?: string }) {
  if (error) {
    return (
      <Alert variant="destructive">
        <AlertDescription>{error}</AlertDescription>
      </Alert>
    );
  }
  if (notice) {
    return (
      <Alert variant="success">
        <AlertDescription>{notice}</AlertDescription>
      </Alert>
    );
  }
  return null;
}
