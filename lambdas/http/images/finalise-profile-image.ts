import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { finaliseUserImage } from '../../domain/user-images';

export const handler = httpHandler(
  api.finaliseProfileImage,
  async ({ principal, currentUser, body }) => ({ user: await finaliseUserImage('profile', principal, currentUser, body.key) }),
  { idempotent: true },
);
