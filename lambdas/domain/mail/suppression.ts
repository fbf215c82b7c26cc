import { DeleteSuppressedDestinationCommand } from '@aws-sdk/client-sesv2';
import { ses } from '../../core/aws';

/**
 * Takes an address off SES's account-level suppression list; false when it was not on it. A hard bounce
 * or a complaint puts the address there (the configuration set suppresses both), and SES then sends it
 * nothing: every later mail "bounces" with `OnAccountSuppressionList` without leaving SES. So resuming a
 * broker's mail has to lift that too, or their next mail would stop it again at once.
 */
export async function liftSuppression(address: string): Promise<boolean> {
  try {
    await ses().send(new DeleteSuppressedDestinationCommand({ EmailAddress: address }));
    return true;
  } catch (error) {
    if ((error as { name?: string }).name === 'NotFoundException') return false;
    throw error;
  }
}
