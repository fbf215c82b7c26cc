import { composeBrokerAddress2, initials } from '../../../shared/rules';
import type { Principal } from '../../../lambdas/core/principal';
import { usersRepository, newUserRecord, type UserRecord } from '../../../lambdas/data/users';
import { runBlast } from '../../../lambdas/domain/blast';
import { finaliseListingImage } from '../../../lambdas/domain/listings-images';
import { createListing, publishListing, updateListing } from '../../../lambdas/domain/listings';
import { broadcastRequirements } from '../../../lambdas/domain/requirements-broadcast';
import { createRequirement } from '../../../lambdas/domain/requirements';
import { approveDelegationsOf, requestDelegation, updateDelegation } from '../../../lambdas/domain/delegations';
import { operatorActor } from '../../../lambdas/domain/audit';
import { finaliseUserImage } from '../../../lambdas/domain/user-images';
import { listingDraft } from '../../../shared/api';
import { createRequirementRequest } from '../../../shared/api';
import type { SeedModule } from '../seed';
import type { DemoLogin } from '../stack-info';
import { DEMO_PASSWORD } from '../seed';
import { createConfirmedUser } from '../testing';
import { demoBrokers, demoListings, demoRequirements } from './data';
import { avatarJpeg, logoJpeg, propertyPhotoJpeg, stageUpload } from './images';
import { seedMarketHistory } from './market-history';

const principalOf = (user: UserRecord, isOperator = false): Principal => ({
  sub: user.userId,
  email: user.email,
  groups: isOperator ? ['operators'] : [],
  isOperator,
});

/**
 * The demo data of `npm start`, made through the same domain functions and image pipeline the API uses,
 * so what a newcomer sees is what real use produces: brokers with photos and broker info, an operator,
 * an account awaiting approval, requirements (broadcast) and listings (published by a real blast, one
 * queued for the next blast, one draft).
 */
export const seed: SeedModule['seed'] = async (stack) => {
  const users = new Map<string, UserRecord>();
  for (const broker of demoBrokers) {
    const sub = await createConfirmedUser(stack, {
      email: broker.email,
      password: DEMO_PASSWORD,
      firstName: broker.firstName,
      lastName: broker.lastName,
      operator: broker.operator,
    });
    await usersRepository.createIfAbsent(
      newUserRecord({ userId: sub, email: broker.email, firstName: broker.firstName, lastName: broker.lastName, acceptedTermsAndConditions: true }),
    );
    let user = await usersRepository.update(sub, {
      status: broker.status,
      emailConfirmed: true,
      // As the API makes an operator's record: no broadcasts until the operator subscribes.
      ...(broker.operator ? { subscribed: [], operator: true } : {}),
      approvedAt: broker.status === 'active' ? new Date().toISOString() : null,
      title: broker.title,
      license: broker.license,
      phone: broker.phone,
      brokerInfo: broker.broker
        ? { name: broker.broker.name, address1: broker.broker.address1, address2: composeBrokerAddress2(broker.broker) }
        : null,
    });
    const principal = principalOf(user, broker.operator);
    const avatar = await avatarJpeg(initials(broker.firstName, broker.lastName), broker.colour);
    await finaliseUserImage('profile', principal, user, await stageUpload(`users/${sub}/profile`, avatar));
    user = (await usersRepository.get(sub))!;
    if (broker.broker) {
      const firmInitials = broker.broker.name.split(/\s+/).map((word) => word[0]).join('').slice(0, 3);
      await finaliseUserImage('logo', principal, user, await stageUpload(`users/${sub}/logo`, await logoJpeg(firmInitials, broker.colour)));
      user = (await usersRepository.get(sub))!;
    }
    users.set(broker.key, user);
  }

  // Avery assists Ben: asked, confirmed by Ben, approved by the operator.
  const operator = users.get(demoBrokers.find((b) => b.operator)!.key)!;
  for (const delegate of demoBrokers.filter((b) => b.assists)) {
    const [assistant, broker] = [users.get(delegate.key)!, users.get(delegate.assists!)!];
    await requestDelegation(assistant, broker.email);
    await updateDelegation(principalOf(broker), broker.userId, assistant.userId, { action: 'confirm' });
    await approveDelegationsOf(assistant, operatorActor(principalOf(operator, true)));
  }

  for (const { author, input } of demoRequirements) {
    await createRequirement(users.get(author)!, createRequirementRequest.parse(input));
  }
  await broadcastRequirements();

  for (const demo of demoListings) {
    const owner = users.get(demo.owner)!;
    const principal = principalOf(owner);
    const { listingId, listing } = await createListing(owner);
    await updateListing(principal, listingId, { ...listingDraft.parse(demo.draft), version: listing.version });
    if (demo.state === 'draft') continue;
    const photo = await propertyPhotoJpeg(demo.draft.title ?? '', demo.colour);
    await finaliseListingImage(principal, listingId, await stageUpload(`listings/${listingId}`, photo));
    await publishListing(principal, listingId);
    // Everything queued so far is published by the day's blast, seeded as already sent: a first start mails
    // no demo broker a digest. The queued demo listing is published after it.
    if (demo === demoListings.findLast((l) => l.state === 'published')) await runBlast({ digests: false });
  }
  // The Market page's figures came with the items (the write path); its trend gets a demo year.
  await seedMarketHistory();

  return demoBrokers.map(
    (b): DemoLogin => ({
      email: b.email,
      password: DEMO_PASSWORD,
      role: b.operator ? 'operator' : b.assists ? 'delegate' : b.status === 'active' ? 'broker' : 'awaiting approval',
      firstName: b.firstName,
    }),
  );
};
