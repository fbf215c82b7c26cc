import type { UnsubscribeResponse } from '../../shared/api';
import { badRequest } from '../core/errors';
import { logger } from '../core/logger';
import { usersRepository } from '../data/users';
import { verifyUnsubscribeToken } from './mail';

export const unsubscribedMessage = 'Unsubscribed successfully';
export const invalidUnsubscribeLinkMessage = 'This unsubscribe link is not valid. Enter your e-mail address to unsubscribe instead.';

/** The spec's answer shape; the same whether or not the address has an account, so nobody can probe for members. */
const unsubscribed: UnsubscribeResponse = { statusCode: '200', body: { message: unsubscribedMessage } };

/** Unsubscribes an address from every category (PRODUCT.md "Subscriptions"). */
export async function unsubscribeAddress(email: string): Promise<UnsubscribeResponse> {
  const user = await usersRepository.findByEmail(email);
  if (user && user.subscribed.length > 0) {
    await usersRepository.update(user.userId, { subscribed: [] }, { bumpVersion: true });
    logger.info('unsubscribed from every category', { userId: user.userId });
  }
  return unsubscribed;
}

/** RFC 8058 one-click: the signed token names the address. */
export async function unsubscribeWithToken(token: string): Promise<UnsubscribeResponse> {
  const email = await verifyUnsubscribeToken(token);
  if (!email) throw badRequest(invalidUnsubscribeLinkMessage);
  return unsubscribeAddress(email);
}
