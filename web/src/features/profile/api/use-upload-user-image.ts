import { useMutation } from '@tanstack/react-query';
import type { AcceptedImageType } from '@shared/api/schemas/images';
import { useAuth } from '@/features/auth';
import { api, ApiError } from '@/lib/api';
import { uploadImage } from '@/lib/upload-image';
import { useApplyUser } from './use-apply-user';

/** Which of the user's two images; the routes of each (shared/api/routes.ts). */
export type UserImageSlot = 'profile' | 'logo';
const routesOf = {
  profile: { presign: 'presignProfileImage', finalise: 'finaliseProfileImage' },
  logo: { presign: 'presignBrokerImage', finalise: 'finaliseBrokerImage' },
} as const;

/**
 * Presign → POST the file straight to the image store → finalise (PRODUCT.md "Images"). The server
 * checks the bytes, makes the variants and answers with the updated user, which replaces the session's.
 */
export function useUploadUserImage(slot: UserImageSlot) {
  const { user } = useAuth();
  const applyUser = useApplyUser();
  return useMutation({
    mutationFn: async (file: File) => {
      if (!user) throw new ApiError('NotAuthenticated', 401, 'User is not authenticated');
      const params = { userId: user._id };
      // imageFileError (the dialog) has already refused any other type.
      const { presign, finalise } = routesOf[slot];
      const upload = await api(presign, { params, body: { contentType: file.type as AcceptedImageType, size: file.size, fileName: file.name } });
      await uploadImage(upload, file);
      return api(finalise, { params, body: { key: upload.key }, idempotencyKey: crypto.randomUUID() });
    },
    onSuccess: ({ user: saved }) => applyUser(saved),
  });
}
