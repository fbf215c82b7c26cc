import {
  acceptedImageTypes,
  imageKinds,
  uploadFailed,
  wrongImageType,
  type AcceptedImageType,
  type ImageKind,
  type PresignResponse,
} from '@shared/api/schemas/images';
import { ApiError, fetchFailure } from './api-error';
import { requestSignal, UPLOAD_TIMEOUT_MS } from './api';

/** The spec's message when a chosen file cannot be uploaded as this kind of image, else undefined. */
export function imageFileError(kind: ImageKind, file: File): string | undefined {
  if (!acceptedImageTypes.includes(file.type as AcceptedImageType)) return wrongImageType;
  if (file.size > imageKinds[kind].maxBytes) return imageKinds[kind].tooLarge;
  return undefined;
}

/**
 * Sends a file straight to the image store through a presigned POST (PRODUCT.md "Images"): the
 * policy fields first, the file last, as S3 requires. Afterwards finalise with `presign.key`.
 */
export async function uploadImage(presign: PresignResponse, file: File, signal?: AbortSignal): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(presign.fields)) form.append(name, value);
  form.append('file', file);

  let response: Response;
  try {
    response = await fetch(presign.url, { method: 'POST', body: form, signal: requestSignal(UPLOAD_TIMEOUT_MS, signal) });
  } catch (error) {
    throw fetchFailure(error);
  }
  // S3 answers 204 (or 201/200 with success_action_status); its XML errors are not for users.
  if (!response.ok) throw new ApiError('HttpError', response.status, uploadFailed);
}
