import { httpHandler } from '../../core/http';
import { finaliseUserImage } from '../../domain/user-images';

export const handler = httpHandler('finaliseBrokerImage', async ({ principal, currentUser, body }) => ({
  user: await finaliseUserImage('logo', principal, currentUser, body.key),
}));
