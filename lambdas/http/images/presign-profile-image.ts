import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { presignUserImage } from '../../domain/user-images';

export const handler = httpHandler(api.presignProfileImage, ({ principal, body }) => presignUserImage('profile', principal, body));
