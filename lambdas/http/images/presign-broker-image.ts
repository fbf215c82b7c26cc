import { httpHandler } from '../../core/http';
import { presignUserImage } from '../../domain/user-images';

export const handler = httpHandler('presignBrokerImage', ({ principal, body }) => presignUserImage('logo', principal, body));
