import type { RouteDef } from '../../shared/api/routes';
import { delegationsRepository } from '../data/delegations';
import { fullNameOf, usersRepository, type UserRecord } from '../data/users';
import { deletedMessage, disabledMessage, forbidden, noRecordMessage, notApprovedMessage } from './errors';
import type { Principal } from './principal';
import { recentCallers } from './recent-callers';

export const notDelegableMessage =
  "A delegate can't do this for a broker: only the broker can change their profile, subscriptions, privacy and delegates.";
export const notYourBrokerMessage = 'You are not a delegate of this broker.';
export const revokedMessage = (broker: string) => `${broker} has revoked your access as their delegate. Contact them if this is a mistake.`;
export const notYetApprovedMessage = (broker: string) => `Your delegation for ${broker} is not approved yet.`;
export const brokerSuspendedMessage = (broker: string) =>
  `${broker}'s account is disabled: your access to their listings and requirements is suspended.`;
export const exportNotAllowedMessage = (broker: string) => `${broker} has not allowed you to export their contact lists.`;

/**
 * A delegate's call for the broker named by X-Acting-For: the route must allow delegates, the
 * delegate's account must be active, the delegation approved and the broker's account active. All three
 * are read on every such call, never remembered (lambdas/core/recent-callers.ts is not consulted), so a
 * revocation or a broker's disabling refuses the very next call, in every warm function. Answers the
 * broker's principal (naming the delegate) and record.
 */
export async function actAsBroker(route: RouteDef, principal: Principal, brokerId: string): Promise<{ principal: Principal; broker: UserRecord }> {
  if (!route.delegable) throw forbidden(notDelegableMessage);
  const [delegate, delegation, broker] = await Promise.all([
    usersRepository.get(principal.sub),
    delegationsRepository.get(brokerId, principal.sub),
    usersRepository.get(brokerId),
  ]);
  if (!delegate) throw forbidden(noRecordMessage);
  if (delegate.status === 'disabled' || delegate.status === 'deleted') {
    recentCallers.delete(principal.sub);
    throw forbidden(delegate.status === 'disabled' ? disabledMessage : deletedMessage);
  }
  if (delegate.status !== 'active') throw forbidden(notApprovedMessage);
  if (!delegation || !broker) throw forbidden(notYourBrokerMessage);
  const brokerName = fullNameOf(broker);
  if (delegation.state === 'revoked') throw forbidden(revokedMessage(brokerName));
  if (delegation.state !== 'approved') throw forbidden(delegation.state === 'declined' ? notYourBrokerMessage : notYetApprovedMessage(brokerName));
  if (broker.status !== 'active') throw forbidden(brokerSuspendedMessage(brokerName));
  if (route.delegable === 'export' && !delegation.canExport) throw forbidden(exportNotAllowedMessage(brokerName));
  return {
    principal: { sub: broker.userId, email: broker.email, groups: [], isOperator: false, delegate: { userId: delegate.userId, name: fullNameOf(delegate) } },
    broker,
  };
}
