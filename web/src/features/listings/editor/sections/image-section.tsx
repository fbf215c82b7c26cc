import { ArrowLeftIcon, Trash2Icon, UploadIcon } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { acceptedImageTypes, uploadFailed, type ListingImage } from '@shared/api/schemas/images';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { assetUrl } from '@/config/runtime-config';
import { isApiError } from '@/lib/api';
import { imageFileError } from '@/lib/upload-image';
import { useDeleteListingImage, useUploadListingImage } from '../../api/listing-images';
import { EditorSection } from './editor-section';

/** The server's own message for a refused upload; the spec's fallback for anything else. */
function uploadErrorMessage(error: unknown): string {
  return isApiError(error) && error.code === 'HttpError' && error.message ? error.message : uploadFailed;
}

/**
 * 2 Property Image: a photo goes straight to the image store (presigned POST), then the API makes its
 * variants and answers with the listing's photos (PRODUCT.md "Images"). Up to 20 photos, dragged (or moved
 * with their buttons) into order; the first is the cover.
 */
export function ImageSection({
  listingId,
  images,
  onImagesChange,
  onOrder,
}: {
  listingId: string;
  images: readonly ListingImage[];
  /** A photo was added or removed: the listing's photos and its new content version. */
  onImagesChange: (change: { images: ListingImage[]; version: number }) => void;
  /** The photos put in a new order (the first is the cover): their ids. */
  onOrder: (imageIds: string[]) => void;
}) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string>();
  // 'upload', or the id of the photo being removed.
  const [busy, setBusy] = useState<string | null>(null);
  const uploadPhoto = useUploadListingImage(listingId);
  const deletePhoto = useDeleteListingImage(listingId);

  const [dragged, setDragged] = useState<string>();
  /** The photos with the one at `from` moved to `to`. */
  const move = (from: number, to: number) => {
    const ids = images.map((image) => image._id);
    const [moved] = ids.splice(from, 1);
    ids.splice(to, 0, moved!);
    onOrder(ids);
  };

  const choose = (chosen: File | undefined) => {
    const problem = chosen ? imageFileError('listing', chosen) : undefined;
    setError(problem);
    setFile(chosen && !problem ? chosen : null);
  };

  const upload = async () => {
    if (!file) return;
    setBusy('upload');
    setError(undefined);
    try {
      onImagesChange(await uploadPhoto.mutateAsync(file));
      setFile(null);
      if (input.current) input.current.value = '';
    } catch (failure) {
      setError(uploadErrorMessage(failure));
    } finally {
      setBusy(null);
    }
  };

  const remove = async (imageId: string) => {
    setBusy(imageId);
    setError(undefined);
    try {
      onImagesChange(await deletePhoto.mutateAsync(imageId));
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : uploadFailed);
    } finally {
      setBusy(null);
    }
  };

  return (
    <EditorSection number={2} title="Property Image">
      <div className="grid gap-2">
        <Label htmlFor={inputId}>
          Listing Image
          <span aria-hidden="true" className="text-destructive">
            *
          </span>
        </Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            ref={input}
            id={inputId}
            type="file"
            accept={acceptedImageTypes.join(',')}
            aria-describedby={`${inputId}-hint${error ? ` ${inputId}-error` : ''}`}
            aria-invalid={Boolean(error)}
            onChange={(event) => choose(event.target.files?.[0])}
            className="cursor-pointer"
          />
          <Button onClick={() => void upload()} disabled={!file || busy !== null} className="sm:w-40">
            {busy === 'upload' ? <Spinner label="Uploading" /> : <UploadIcon aria-hidden="true" />}
            Upload Image
          </Button>
        </div>
        <p id={`${inputId}-hint`} className="text-sm text-muted-foreground">
          JPEG, PNG or WebP, less than 5MB.
        </p>
        {error && (
          <p id={`${inputId}-error`} role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
      </div>
      {images.length > 0 && (
        <ul className="flex flex-wrap gap-3" aria-label="Uploaded photos">
          {images.map((image, index) => (
            <li
              key={image._id}
              className="grid justify-items-center gap-1"
              draggable={busy === null}
              onDragStart={() => setDragged(image._id)}
              onDragEnd={() => setDragged(undefined)}
              onDragOver={(event) => dragged && dragged !== image._id && event.preventDefault()}
              onDrop={(event) => {
                event.preventDefault();
                const from = images.findIndex((other) => other._id === dragged);
                if (from >= 0 && from !== index) move(from, index);
                setDragged(undefined);
              }}
            >
              <div className="relative">
                <img src={assetUrl(image.thumbnail)} alt={`Photo ${index + 1}`} className="h-20 w-28 cursor-grab rounded-md border object-cover" />
                <Button
                  variant="destructive"
                  size="icon"
                  className="absolute -top-2 -right-2 size-7 rounded-full"
                  aria-label={`Remove photo ${index + 1}`}
                  disabled={busy !== null}
                  onClick={() => void remove(image._id)}
                >
                  {busy === image._id ? <Spinner label="Removing" /> : <Trash2Icon aria-hidden="true" />}
                </Button>
              </div>
              {index === 0 ? (
                <span className="text-xs font-medium">Cover</span>
              ) : (
                <div className="flex gap-1">
                  <Button variant="ghost" size="icon" className="size-7" aria-label={`Move photo ${index + 1} earlier`} disabled={busy !== null} onClick={() => move(index, index - 1)}>
                    <ArrowLeftIcon aria-hidden="true" />
                  </Button>
                  <Button variant="ghost" size="sm" className="h-7 px-2 text-xs" aria-label={`Make photo ${index + 1} the cover`} disabled={busy !== null} onClick={() => move(index, 0)}>
                    Cover
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </EditorSection>
  );
}
