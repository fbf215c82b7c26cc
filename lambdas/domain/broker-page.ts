import type { BrokerPage } from '../../shared/api';
import { activeListingsOf, activeRequirementsOf, listedBroker } from './directory';
import { toListingSummary } from './listings';
import { toSummary } from './requirements';

/** `/consumer/brokers/{userId}`: a listed broker's card and their active listings and requirements, linked. */
export async function getBrokerPage(userId: string): Promise<BrokerPage> {
  const broker = await listedBroker(userId);
  const [listings, requirements] = await Promise.all([activeListingsOf(userId), activeRequirementsOf(userId)]);
  return { broker, listings: listings.map(toListingSummary), requirements: requirements.map(toSummary) };
}
