import { ImageIcon } from 'lucide-react';
import { useState } from 'react';
import type { ListingImage } from '@shared/api/schemas/images';
import { assetUrl } from '@/config/runtime-config';
import { cn } from '@/lib/utils';

/** The large photo with the listing's other photos as thumbnails that switch it. */
export function ListingGallery({ images, title }: { images: readonly ListingImage[]; title: string }) {
  const [selectedId, setSelectedId] = useState<string>();
  const selected = images.find((image) => image._id === selectedId) ?? images[0];

  if (!selected) {
    return (
      <div className="flex aspect-[3/2] w-full flex-col items-center justify-center gap-2 rounded-lg bg-muted text-sm text-muted-foreground">
        <ImageIcon className="size-8" aria-hidden="true" />
        No photo yet
      </div>
    );
  }
  return (
    <div className="grid gap-2">
      <img
        src={assetUrl(selected.large)}
        srcSet={`${assetUrl(selected.medium)} 800w, ${assetUrl(selected.large)} 1600w`}
        sizes="(min-width: 1024px) 60vw, 100vw"
        alt={title ? `Photo of ${title}` : 'Listing photo'}
        className="aspect-[3/2] w-full rounded-lg bg-muted object-cover"
      />
      {images.length > 1 && (
        <ul className="flex flex-wrap gap-2" aria-label="Photos">
          {images.map((image, index) => (
            <li key={image._id}>
              <button
                type="button"
                onClick={() => setSelectedId(image._id)}
                aria-pressed={image._id === selected._id}
                aria-label={`Show photo ${index + 1}`}
                className={cn(
                  'block overflow-hidden rounded-md border-2 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
                  image._id === selected._id ? 'border-primary' : 'border-transparent opacity-80 hover:opacity-100',
                )}
              >
                <img src={assetUrl(image.thumbnail)} alt="" className="h-16 w-24 object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
