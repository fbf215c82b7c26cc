import { useEffect, useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { acceptedImageTypes, imageKinds, imageReadFailed, uploadFailed } from '@shared/api/schemas/images';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ResponsiveDialog } from '@/features/consumer/components/responsive-dialog';
import { isApiError } from '@/lib/api';
import { imageFileError } from '@/lib/upload-image';
import { useUploadUserImage, type UserImageSlot } from '../api/use-upload-user-image';
import { DialogFormFooter } from './dialog-form-footer';

const hint = 'JPEG, PNG or WebP, at least 200 × 200 pixels, less than 3MB.';

/**
 * Choose an image, see it, upload it. The upload button stays disabled until a usable file is chosen
 * (spec 02 §5); type and size are checked here first and again by the server, which has the last word.
 * On failure the dialog stays open with the message, and the previous image is kept.
 */
export function ImageUploadDialog({
  slot,
  title,
  description,
  open,
  onOpenChange,
}: {
  slot: UserImageSlot;
  title: string;
  description: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <ResponsiveDialog open={open} onOpenChange={onOpenChange} title={title} description={description}>
      {open && <ImageUploadForm slot={slot} onDone={() => onOpenChange(false)} />}
    </ResponsiveDialog>
  );
}

function ImageUploadForm({ slot, onDone }: { slot: UserImageSlot; onDone: () => void }) {
  const inputId = useId();
  const [file, setFile] = useState<File>();
  const [preview, setPreview] = useState<string>();
  const [error, setError] = useState<string>();
  const upload = useUploadUserImage(slot);

  // The preview URL lives as long as its file is chosen.
  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => {
      URL.revokeObjectURL(url);
      setPreview(undefined);
    };
  }, [file]);

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    const problem = chosen ? imageFileError(slot, chosen) : undefined;
    setError(problem);
    setFile(chosen && !problem ? chosen : undefined);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) return;
    setError(undefined);
    try {
      await upload.mutateAsync(file);
      onDone();
    } catch (failure) {
      setError(isApiError(failure) && failure.message ? failure.message : uploadFailed);
    }
  }

  return (
    <form onSubmit={submit} className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor={inputId}>Image file</Label>
        <Input
          id={inputId}
          type="file"
          accept={acceptedImageTypes.join(',')}
          onChange={choose}
          disabled={upload.isPending}
          aria-describedby={`${inputId}-hint`}
          data-max-bytes={imageKinds[slot].maxBytes}
        />
        <p id={`${inputId}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      </div>
      {preview && (
        <div className="flex justify-center rounded-md border bg-muted/40 p-3">
          <img
            src={preview}
            alt="Preview of the chosen image"
            className="max-h-56 max-w-full rounded object-contain"
            onError={() => {
              setError(imageReadFailed);
              setFile(undefined);
            }}
          />
        </div>
      )}
      <DialogFormFooter error={error} saving={upload.isPending} submitLabel="Upload Image" onCancel={onDone} submitDisabled={!file} />
    </form>
  );
}
