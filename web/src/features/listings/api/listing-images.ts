import { useMutation } from '@tanstack/react-query';
import type { AcceptedImageType } from '@shared/api/schemas/images';
import { api } from '@/lib/api';
import { uploadImage } from '@/lib/upload-image';

// Apart from listing-queries.ts: only the editor uploads, so the browse pages load no upload code.

/**
 * Presign → POST the photo straight to the image store → finalise (PRODUCT.md "Images"): the API makes its
 * variants and answers with the listing's photos and its new content version.
 */
export function useUploadListingImage(listingId: string) {
  return useMutation({
    mutationFn: async (file: File) => {
      const params = { listingId };
      // imageFileError (the editor) has already refused any other type.
      const presign = await api('presignListingImage', {
        params,
        body: { contentType: file.type as AcceptedImageType, size: file.size, fileName: file.name },
      });
      await uploadImage(presign, file);
      return api('finaliseListingImage', { params, body: { key: presign.key }, idempotencyKey: crypto.randomUUID() });
    },
  });
}

/** Removes one photo; the answer is the listing's photos and its new content version. */
export function useDeleteListingImage(listingId: string) {
  return useMutation({ mutationFn: (imageId: string) => api('deleteListingImage', { params: { listingId, imageId } }) });
}
