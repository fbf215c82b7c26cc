import { httpHandler } from '../../core/http';
import { presignUserImage } from '../../domain/user-images';

export const handler = httpHandler('presignProfileImage', ({ principal, body }) => presignUserImage('profile', principal, body));
