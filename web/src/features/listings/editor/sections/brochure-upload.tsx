import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { BROCHURE_MAX_BYTES, brochureTooLarge, notAPdf, uploadFailed } from '@shared/api/schemas/images';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { api, isApiError } from '@/lib/api';
import { uploadImage } from '@/lib/upload-image';
import { rememberListing } from '../../api/listing-queries';

/** The brochure as a PDF beside its link: uploaded straight to the store (presigned POST), then attached; or taken off. */
export function BrochureUpload({ listingId, brochureFile }: { listingId: string; brochureFile: string | null }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const choose = (chosen: File | undefined) => {
    const problem = !chosen ? undefined : chosen.type !== 'application/pdf' ? notAPdf : chosen.size > BROCHURE_MAX_BYTES ? brochureTooLarge : undefined;
    setError(problem);
    setFile(chosen && !problem ? chosen : null);
  };
  const run = async (action: () => Promise<string | null>) => {
    setBusy(true);
    setError(undefined);
    try {
      const { listing } = await api('setListingBrochure', { params: { listingId }, body: { key: await action() } });
      rememberListing(queryClient, listing);
      setFile(null);
    } catch (failure) {
      setError(isApiError(failure) && failure.code === 'HttpError' && failure.message ? failure.message : uploadFailed);
    } finally {
      setBusy(false);
    }
  };
  const upload = () =>
    run(async () => {
      const presign = await api('presignListingBrochure', { params: { listingId }, body: { size: file!.size, fileName: file!.name } });
      await uploadImage(presign, file!);
      return presign.key;
    });

  return (
    <div className="grid gap-2">
      <Label htmlFor={`${id}-file`}>Brochure PDF</Label>
      <div className="flex flex-wrap items-center gap-2">
        <Input id={`${id}-file`} type="file" accept="application/pdf" className="max-w-xs" aria-describedby={`${id}-hint`} onChange={(event) => choose(event.target.files?.[0])} />
        <Button type="button" variant="outline" disabled={!file || busy} onClick={() => void upload()}>
          {busy && <Spinner label="Uploading" />}
          Upload PDF
        </Button>
        {brochureFile && (
          <Button type="button" variant="ghost" disabled={busy} onClick={() => void run(async () => null)}>
            Remove PDF
          </Button>
        )}
      </div>
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        {brochureFile ? (
          <a href={brochureFile} target="_blank" rel="noopener noreferrer" className="underline underline-offset-4">
            The uploaded brochure
          </a>
        ) : (
          'A PDF of at most 20 MB; shown instead of the link when given.'
        )}
      </p>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
