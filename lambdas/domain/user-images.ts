import type { PresignRequest, PresignResponse, User } from '../../shared/api';
import { notFound } from '../core/errors';
import { logger } from '../core/logger';
import type { Principal } from '../core/principal';
import { usersRepository, type UserRecord } from '../data/users';
import { deleteImageKeys } from './image-store';
import { finaliseImageUpload, presignImageUpload } from './images';
import { toUserDto } from './users';

/**
 * The two images a user owns: the profile picture and the broker logo. Both live under the user's own
 * key prefix, so a finalise call can only ever take an upload made for that user and that slot.
 */
const slots = {
  profile: { kind: 'profile', folder: 'profile', field: 'profileImage' },
  logo: { kind: 'logo', folder: 'logo', field: 'brokerImage' },
} as const;
export type UserImageSlot = keyof typeof slots;

const prefixOf = (slot: UserImageSlot, userId: string) => `users/${userId}/${slots[slot].folder}`;

export function presignUserImage(slot: UserImageSlot, principal: Principal, req: PresignRequest): Promise<PresignResponse> {
  return presignImageUpload(slots[slot].kind, prefixOf(slot, principal.sub), req);
}

/**
 * Makes the variants of the upload at `key`, stores them on the user, then deletes the previous image's
 * variants. The previous image is touched only after the new one is stored, so any failure before that
 * (refused file, S3 or table error) leaves the user with the image they had.
 */
export async function finaliseUserImage(
  slot: UserImageSlot,
  principal: Principal,
  currentUser: UserRecord | null,
  key: string,
): Promise<User> {
  if (!currentUser) throw notFound('User not found');
  const { kind, field } = slots[slot];
  const variants = await finaliseImageUpload(kind, key, prefixOf(slot, principal.sub));
  let updated: UserRecord;
  try {
    updated = await usersRepository.update(currentUser.userId, { [field]: variants }, { bumpVersion: true });
  } catch (error) {
    await deleteImageKeys(Object.values(variants)).catch(() => undefined);
    throw error;
  }
  // The new image is saved: a failed clean-up only leaves orphans behind, it must not fail the upload.
  // Files the saved image uses are never deleted (the same upload finalised twice names the same files).
  const kept = new Set(Object.values(variants));
  const previous = Object.values(currentUser[field] ?? {}).filter((file) => !kept.has(file));
  if (previous.length > 0) {
    await deleteImageKeys(previous).catch((error: unknown) =>
      logger.warn('previous image not deleted', { slot, error: error as Error }),
    );
  }
  return toUserDto(updated, principal.isOperator);
}
