import { createRequire } from 'node:module';
import { randomUUID } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader, generateKeyPair, importJWK, SignJWT, type JWK, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unsubscribeLinks, unsubscribeToken } from '../../../lambdas/domain/mail';
import { createConfirmedUser } from '../../../lib/local/testing';
import type { LocalStack } from '../../../lib/local/stack';
import { routeById, routes, type RouteId } from '../../../shared/api/routes';
import { listingDraft, type Listing, type Requirement } from '../../../shared/api';
import { listingsRepository, versionOf } from '../../../lambdas/data/listings';
import { requirementsRepository, requirementVersionOf } from '../../../lambdas/data/requirements';
import { renewLinkUrl } from '../../../lambdas/domain/renew-links';
import { ALL, subscriptionCategories } from '../../../shared/catalog';
import {
  call,
  completeDraft,
  createDraft,
  createRequirement,
  expectOk,
  newApprovedBroker,
  newUser,
  postToS3,
  presign,
  queuedListing,
  runBlastJob,
  runBroadcast,
  startStack,
  storeSnapshot,
  testImage,
  uploadPhoto,
  uploadedBrochure,
  validRequirement,
  type Broker,
} from './support';
import { actingFor, newDelegate } from '../requirements/support';

/**
 * Every route of shared/api/routes.ts × every kind of caller → the status the route's `auth` and `scope`
 * promise. The request table below is a Record over RouteId, so a route added to the table without a
 * case here does not compile. Refused calls must leave the whole store (table, bucket, mail) unchanged.
 */

const CALLERS = ['none', 'forged', 'expired', 'awaiting', 'owner', 'other', 'operator', 'disabled', 'delegateOfOwner', 'delegateOfOther', 'revokedDelegate'] as const;
type Caller = (typeof CALLERS)[number];
const TOKENLESS: readonly Caller[] = ['none', 'forged', 'expired'];
/**
 * Delegates call with X-Acting-For naming their broker: on a route delegates may use, the owner's
 * delegate is answered as the owner and the other broker's as the other broker; a revoked one is refused.
 * The owner's delegate may not export contact lists, the other's may.
 */
const DELEGATES = { delegateOfOwner: 'owner', delegateOfOther: 'other', revokedDelegate: null } as const satisfies Partial<Record<Caller, Caller | null>>;
const isDelegate = (caller: Caller): caller is keyof typeof DELEGATES => caller in DELEGATES;

/**
 * What a caller acts on. `hidden`: something only its owner may see (a draft listing, a requirement not yet
 * sent). `visible`: the same kind of thing once everyone may see it (published, sent).
 */
type Target = 'hidden' | 'visible';

interface Request {
  params?: Record<string, string>;
  query?: Record<string, string | number>;
  body?: unknown;
}

interface Fixtures {
  stack: LocalStack;
  owner: Broker;
  other: Broker;
  awaiting: Broker;
  operator: Broker;
  /** An operator another operator disabled, still holding the ID token from before. */
  disabled: Broker;
  /** A third broker, whom the callers ask to assist (requestDelegation). */
  lead: Broker;
  delegateOfOwner: Broker;
  delegateOfOther: Broker;
  /** The owner's delegate, approved, then revoked by the owner. */
  revokedDelegate: Broker;
  /** Drafts and published listings of the owner, each with one photo. */
  draft: Listing;
  published: Listing;
  /** Published listings of the owner to delete or close, one per successful caller (the owner and their delegate). */
  publishedToDelete: Listing[];
  publishedToClose: Listing[];
  pending: Requirement;
  sent: Requirement;
  /** Sent requirements of the owner to fill or withdraw, one per successful caller (the broadcast would also send `pending`). */
  sentToFill: Requirement[];
  sentToWithdraw: Requirement[];
  /** The other broker's published listing that matches the owner's sent requirement. */
  matchedListing: Listing;
}

interface RouteCase {
  /** One valid request of the route; routes acting on an item get the item the target names. */
  request: (fx: Fixtures, target: Target) => Request | Promise<Request>;
  /** The status of a call that is let through. */
  ok: number;
  /** Routes open to every signed-in user that show a hidden item only to these callers (404 to the rest). */
  hiddenSeenBy?: readonly Caller[];
  /** Owner-scope routes: what the owner gets on a visible (published) item when that is not `ok`. */
  ownerOnVisible?: number;
  /** Owner-scope routes: what the owner gets on a hidden item when that is not `ok`. */
  ownerOnHidden?: number;
  /** Routes that show an item's private side to these callers alone, hidden or visible (404 to the rest). */
  onlySeenBy?: readonly Caller[];
}

const listingOf = (fx: Fixtures, target: Target) => (target === 'hidden' ? fx.draft : fx.published);
const requirementOf = (fx: Fixtures, target: Target) => (target === 'hidden' ? fx.pending : fx.sent);
const self = (fx: Fixtures) => ({ userId: fx.owner.userId });
/** A fresh contact list of the owner's. */
const ownersList = async (fx: Fixtures) =>
  (await expectOk(call<{ list: { listId: string } }>(fx.stack, fx.owner.token, 'createContactList', { body: { name: 'Picked', members: [fx.other.userId] } }))).list.listId;

/** A fresh saved search of the owner's. */
const ownersSearch = async (fx: Fixtures) =>
  (
    await expectOk(
      call<{ search: { savedSearchId: string } }>(fx.stack, fx.owner.token, 'createSavedSearch', { body: { name: 'Office', kind: 'listings', filters: { propertyTypeId: 'office' }, frequency: 'daily' } }),
    )
  ).search.savedSearchId;

/** An upload made for the owner under `prefix` as the browser makes it; answers its key. */
async function uploadedKey(fx: Fixtures, route: 'presignProfileImage' | 'presignBrokerImage'): Promise<string> {
  const bytes = await testImage('jpeg', 400, 300);
  const presigned = await expectOk(
    call<{ url: string; fields: Record<string, string>; key: string; expiresAt: string }>(fx.stack, fx.owner.token, route, {
      params: self(fx),
      body: { contentType: 'image/jpeg', size: bytes.byteLength },
    }),
  );
  await postToS3(presigned, bytes, 'image/jpeg');
  return presigned.key;
}

const cases: { readonly [K in RouteId]: RouteCase } = {
  getUserByCognitoId: { ok: 200, request: (fx) => ({ params: { cognitoId: fx.owner.userId } }) },
  createUser: {
    ok: 201,
    request: async (fx) => {
      // Sign-up step 2: a Cognito user without a record yet.
      const email = `signup-${randomUUID().slice(0, 8)}@example.com`;
      const cognitoId = await createConfirmedUser(fx.stack, { email, password: 'Matrix!2345', firstName: 'New', lastName: 'Signup' });
      return { body: { email, cognitoId, firstName: 'New', lastName: 'Signup', acceptedTermsAndConditions: true } };
    },
  },
  getCreationQuota: { ok: 200, request: (fx) => ({ params: self(fx) }) },
  setActiveStatus: { ok: 200, request: (fx) => ({ params: self(fx) }) },
  resumeMail: { ok: 200, request: (fx) => ({ params: self(fx) }) },
  updateSubscriptions: {
    ok: 200,
    request: (fx) => ({
      params: self(fx),
      body: { subscriptions: subscriptionCategories.map((c) => ({ subscriptionId: c.id, subscribed: true })) },
    }),
  },
  updatePersonalInfo: {
    ok: 200,
    request: (fx) => ({
      params: self(fx),
      body: { firstName: 'Olive', lastName: 'Owner', title: 'Broker', license: 'DRE 01234567', phone: '9165550100' },
    }),
  },
  updateBrokerInfo: {
    ok: 200,
    request: (fx) => ({ params: self(fx), body: { name: 'Owner Realty', address1: '1 Capitol Mall', address2: 'Sacramento, CA 95814' } }),
  },
  presignProfileImage: { ok: 200, request: (fx) => ({ params: self(fx), body: { contentType: 'image/png', size: 2048 } }) },
  finaliseProfileImage: {
    ok: 200,
    request: async (fx) => ({ params: self(fx), body: { key: await uploadedKey(fx, 'presignProfileImage') } }),
  },
  presignBrokerImage: { ok: 200, request: (fx) => ({ params: self(fx), body: { contentType: 'image/webp', size: 2048 } }) },
  finaliseBrokerImage: {
    ok: 200,
    request: async (fx) => ({ params: self(fx), body: { key: await uploadedKey(fx, 'presignBrokerImage') } }),
  },
  presignListingImage: {
    ok: 200,
    ownerOnVisible: 409,
    request: (fx, target) => ({ params: { listingId: listingOf(fx, target).listingId }, body: { contentType: 'image/jpeg', size: 4096 } }),
  },
  finaliseListingImage: {
    ok: 200,
    ownerOnVisible: 409,
    request: async (fx, target) => {
      const { listingId } = listingOf(fx, target);
      if (target === 'visible') {
        // Nobody can presign for a published listing; a well-formed key is enough to be refused before it is read.
        return { params: { listingId }, body: { key: `listings/${listingId}/uploads/${randomUUID()}` } };
      }
      const bytes = await testImage('jpeg', 640, 480);
      const presigned = await expectOk(presign(fx.stack, fx.owner, listingId, 'image/jpeg', bytes.byteLength));
      await postToS3(presigned, bytes, 'image/jpeg');
      return { params: { listingId }, body: { key: presigned.key } };
    },
  },
  deleteListingImage: {
    ok: 200,
    ownerOnVisible: 409,
    request: async (fx, target) => {
      if (target === 'visible') return { params: { listingId: fx.published.listingId, imageId: fx.published.images[0]!._id } };
      // Its own draft: the owner's successful call removes the photo.
      const draft = await createDraft(fx.stack, fx.owner);
      const { images } = await expectOk(uploadPhoto(fx.stack, fx.owner, draft.listingId, await testImage('png', 320, 240), 'image/png'));
      return { params: { listingId: draft.listingId, imageId: images[0]!._id } };
    },
  },
  presignListingBrochure: {
    ok: 200,
    ownerOnVisible: 409,
    request: (fx, target) => ({ params: { listingId: listingOf(fx, target).listingId }, body: { size: 4096 } }),
  },
  setListingBrochure: {
    ok: 200,
    ownerOnVisible: 409,
    request: async (fx, target) => {
      const { listingId } = listingOf(fx, target);
      // Nobody can presign for a published listing; taking its (absent) brochure off is refused before anything is read.
      if (target === 'visible') return { params: { listingId }, body: { key: null } };
      return { params: { listingId }, body: { key: await uploadedBrochure(fx.stack, fx.owner, listingId) } };
    },
  },
  unsubscribe: { ok: 200, request: (fx) => ({ body: { email: fx.other.email } }) },
  unsubscribeOneClick: {
    ok: 200,
    request: async (fx) => ({ query: { token: new URL((await unsubscribeLinks(fx.other.email)).oneClickUrl).searchParams.get('token')! } }),
  },
  getUnsubscribeLink: {
    ok: 200,
    request: async (fx) => ({ query: { token: await unsubscribeToken(fx.other.email, 'office-requirements') } }),
  },
  updateUnsubscribeLink: {
    ok: 200,
    request: async (fx) => ({ query: { token: await unsubscribeToken(fx.other.email, 'office-requirements') }, body: { turnOff: 'stream' } }),
  },
  listRequirements: {
    ok: 200,
    request: () => ({ query: { requirementTypeId: 'for-lease', propertyTypeId: 'office', marketId: ALL, limit: 10 } }),
  },
  listMyRequirements: { ok: 200, request: (fx) => ({ params: self(fx), query: { limit: 5 } }) },
  getRequirement: {
    ok: 200,
    hiddenSeenBy: ['owner'],
    request: (fx, target) => ({ params: { requirementId: requirementOf(fx, target).requirementId } }),
  },
  createRequirement: { ok: 201, request: () => ({ body: validRequirement() }) },
  updateRequirement: {
    ok: 200,
    request: async (fx, target) => {
      const { requirementId } = requirementOf(fx, target);
      const version = requirementVersionOf((await requirementsRepository.get(requirementId))!);
      return { params: { requirementId }, body: { ...validRequirement(), version } };
    },
  },
  fillRequirement: {
    ok: 200,
    // A requirement not yet sent cannot be filled.
    ownerOnHidden: 409,
    request: async (fx, target) => ({
      params: { requirementId: target === 'hidden' ? fx.pending.requirementId : fx.sentToFill.shift()!.requirementId },
      body: { outcome: { kind: 'elsewhere' } },
    }),
  },
  withdrawRequirement: {
    ok: 200,
    request: async (fx, target) => ({
      params: { requirementId: (target === 'hidden' ? await createRequirement(fx.stack, fx.owner) : fx.sentToWithdraw.shift()!).requirementId },
    }),
  },
  renewRequirement: {
    ok: 200,
    ownerOnHidden: 409,
    request: (fx, target) => ({ params: { requirementId: requirementOf(fx, target).requirementId } }),
  },
  getRenewLink: {
    ok: 200,
    request: async (fx) => ({ query: { token: new URL(await renewLinkUrl({ kind: 'requirement', id: fx.sent.requirementId }, new Date())).searchParams.get('token')! } }),
  },
  // Public, single use: every caller is refused alike with a token that is not ours (the fuzzing uses real ones).
  useRenewLink: { ok: 400, request: () => ({ query: { token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.forged' } }) },
  countActiveRequirements: { ok: 200, request: () => ({}) },
  listListings: { ok: 200, request: () => ({ query: { listingTypeId: ALL, propertyTypeId: 'office', marketId: 'sac-midtown' } }) },
  listMyListings: { ok: 200, request: (fx) => ({ params: self(fx) }) },
  countRecentListings: { ok: 200, request: () => ({}) },
  getListing: {
    ok: 200,
    hiddenSeenBy: ['owner', 'operator'],
    request: (fx, target) => ({ params: { listingId: listingOf(fx, target).listingId } }),
  },
  createListing: { ok: 201, request: () => ({}) },
  updateListing: {
    ok: 200,
    ownerOnVisible: 409,
    request: async (fx, target) => {
      const { listingId } = listingOf(fx, target);
      const version = versionOf((await listingsRepository.get(listingId))!);
      return { params: { listingId }, body: { ...listingDraft.parse({}), title: 'Renamed by the matrix', description: 'Still a draft.', version } };
    },
  },
  deleteListing: {
    ok: 200,
    request: async (fx, target) => ({
      params: { listingId: target === 'hidden' ? (await createDraft(fx.stack, fx.owner)).listingId : fx.publishedToDelete.shift()!.listingId },
    }),
  },
  publishListing: {
    ok: 200,
    ownerOnVisible: 409,
    request: async (fx, target) => ({
      params: { listingId: target === 'hidden' ? (await completeDraft(fx.stack, fx.owner)).listingId : fx.published.listingId },
    }),
  },
  listMatches: { ok: 200, request: () => ({ query: { limit: 50 } }) },
  listBrokers: { ok: 200, request: () => ({ query: { limit: 25 } }) },
  getBrokerPage: { ok: 200, request: (fx) => ({ params: { userId: fx.owner.userId } }) },
  listContactLists: { ok: 200, request: () => ({}) },
  createContactList: { ok: 201, request: () => ({ body: { name: 'Office brokers', filter: { propertyTypeId: 'office' } } }) },
  // Lists live in their owner's partition: to anyone else, operators included, another broker's list is 404.
  getContactList: { ok: 200, onlySeenBy: ['owner'], request: async (fx) => ({ params: { listId: await ownersList(fx) } }) },
  updateContactList: { ok: 200, onlySeenBy: ['owner'], request: async (fx) => ({ params: { listId: await ownersList(fx) }, body: { name: 'Renamed' } }) },
  deleteContactList: { ok: 200, onlySeenBy: ['owner'], request: async (fx) => ({ params: { listId: await ownersList(fx) } }) },
  exportContactList: { ok: 200, onlySeenBy: ['owner'], request: async (fx) => ({ params: { listId: await ownersList(fx) }, body: { format: 'vcard' } }) },
  getMarket: { ok: 200, request: () => ({ query: { area: 'placer', propertyTypeId: 'office' } }) },
  updateDirectoryPrivacy: { ok: 200, request: (fx) => ({ params: self(fx), body: { listed: true, showPhone: true, showEmail: true } }) },
  listSavedSearches: { ok: 200, request: () => ({}) },
  createSavedSearch: { ok: 201, request: () => ({ body: { name: 'Sales', kind: 'requirements', filters: { requirementTypeId: 'for-lease' }, frequency: 'instant' } }) },
  updateSavedSearch: { ok: 200, onlySeenBy: ['owner'], request: async (fx) => ({ params: { savedSearchId: await ownersSearch(fx) }, body: { frequency: 'weekly' } }) },
  deleteSavedSearch: { ok: 200, onlySeenBy: ['owner'], request: async (fx) => ({ params: { savedSearchId: await ownersSearch(fx) } }) },
  updateNotificationPreferences: {
    ok: 200,
    request: (fx) => ({ params: self(fx), body: { requirements: 'digest', matches: 'digest', digestFrequency: 'weekly', digestLimit: 50 } }),
  },
  countMatches: { ok: 200, request: () => ({}) },
  listRequirementMatches: {
    ok: 200,
    onlySeenBy: ['owner', 'operator'],
    request: (fx, target) => ({ params: { requirementId: requirementOf(fx, target).requirementId } }),
  },
  listListingMatches: {
    ok: 200,
    onlySeenBy: ['owner', 'operator'],
    request: (fx, target) => ({ params: { listingId: listingOf(fx, target).listingId } }),
  },
  updateMatch: {
    ok: 200,
    // A requirement not yet sent has no matches.
    ownerOnHidden: 404,
    request: (fx, target) => ({
      params: { requirementId: requirementOf(fx, target).requirementId, listingId: fx.matchedListing.listingId },
      body: { side: 'requirement', state: 'sentToClient' },
    }),
  },
  renewListing: {
    ok: 200,
    // A draft has nothing to renew.
    ownerOnHidden: 409,
    request: (fx, target) => ({ params: { listingId: listingOf(fx, target).listingId } }),
  },
  changeListingPrice: {
    ok: 200,
    ownerOnHidden: 409,
    request: async (fx, target) => {
      const { listingId } = listingOf(fx, target);
      const version = versionOf((await listingsRepository.get(listingId))!);
      return { params: { listingId }, body: { price: 1_100_000, leasePrice: 1.4, leaseFrequencyId: 'monthly', version } };
    },
  },
  closeListing: {
    ok: 200,
    ownerOnHidden: 409,
    request: (fx, target) => ({ params: { listingId: (target === 'hidden' ? fx.draft : fx.publishedToClose.shift()!).listingId }, body: { outcome: 'sold', closedOn: '2026-11-02' } }),
  },
  listDelegations: { ok: 200, request: () => ({}) },
  // Every signed-in account may ask to assist a broker (at sign-up, before approval, too).
  requestDelegation: { ok: 201, request: (fx) => ({ body: { brokerEmail: fx.lead.email } }) },
  // A delegation is seen by its two sides alone: the owner confirms a new applicant's request.
  updateDelegation: {
    ok: 200,
    onlySeenBy: ['owner'],
    request: async (fx) => {
      const applicant = await newUser(fx.stack, 'applicant');
      await expectOk(call(fx.stack, applicant.token, 'requestDelegation', { body: { brokerEmail: fx.owner.email } }));
      return { params: { brokerId: fx.owner.userId, delegateId: applicant.userId }, body: { action: 'confirm' } };
    },
  },
  adminListDelegations: { ok: 200, request: () => ({ query: { limit: 5 } }) },
  adminListUsers: { ok: 200, request: () => ({ query: { status: 'awaiting approval', limit: 5 } }) },
  adminListExports: { ok: 200, request: () => ({ query: { limit: 5 } }) },
  adminListAudit: { ok: 200, request: () => ({ query: { limit: 5, action: 'disable' } }) },
  adminApproveUser: { ok: 200, request: async (fx) => ({ params: { userId: (await newUser(fx.stack, 'applicant')).userId } }) },
  adminDisableUser: { ok: 200, request: async (fx) => ({ params: { userId: (await newUser(fx.stack, 'leaving')).userId } }) },
  adminEnableUser: { ok: 200, request: (fx) => ({ params: { userId: fx.awaiting.userId } }) },
  adminDeleteListing: { ok: 200, request: async (fx) => ({ params: { listingId: (await createDraft(fx.stack, fx.other)).listingId } }) },
  adminDeleteRequirement: {
    ok: 200,
    request: async (fx) => ({ params: { requirementId: (await createRequirement(fx.stack, fx.other)).requirementId } }),
  },
};

type Route = (typeof routes)[number];

/** The route table's promise, in the order the pipeline checks it (core/http.ts, then the domain). */
function expectedStatus(route: Route, routeCase: RouteCase, caller: Caller, target: Target): number {
  if (route.auth === 'public') return routeCase.ok;
  if (TOKENLESS.includes(caller)) return 401;
  if (isDelegate(caller)) {
    // Only the routes of a broker's items take a delegate; a revoked one is refused, exports need the broker's leave.
    const actsAs = DELEGATES[caller];
    if (!route.delegable || !actsAs) return 403;
    if (route.delegable === 'export' && caller === 'delegateOfOwner') return 403;
    return expectedStatus(route, routeCase, actsAs, target);
  }
  // A disabled account's ID token stays valid until it expires; the record refuses it everywhere.
  if (caller === 'disabled') return 403;
  if (route.scope === 'self' && caller !== 'owner') return 403;
  if (route.auth === 'operator') return caller === 'operator' ? routeCase.ok : 403;
  if (route.auth === 'approved' && caller === 'awaiting') return 403;
  if (routeCase.onlySeenBy) return routeCase.onlySeenBy.includes(caller) ? routeCase.ok : 404;
  if (route.scope === 'owner') {
    // Someone else's item: 404 while it is private (they may not know it exists), 403 once it is visible.
    if (caller !== 'owner') return target === 'hidden' ? 404 : 403;
    return target === 'visible' ? (routeCase.ownerOnVisible ?? routeCase.ok) : (routeCase.ownerOnHidden ?? routeCase.ok);
  }
  if (target === 'hidden' && routeCase.hiddenSeenBy && !routeCase.hiddenSeenBy.includes(caller)) return 404;
  return routeCase.ok;
}

/** Routes that act on an item are checked against a hidden and a visible one. */
const targetsOf = (route: Route, routeCase: RouteCase): Target[] =>
  route.scope === 'owner' || routeCase.hiddenSeenBy || routeCase.onlySeenBy ? ['hidden', 'visible'] : ['hidden'];

let fx: Fixtures;
const tokens = {} as Record<Caller, string | null>;
/** A delegate acts for the broker of their delegation (the revoked one still names the owner). */
const headersOf = (caller: Caller): Record<string, string> | undefined =>
  caller === 'delegateOfOwner' || caller === 'revokedDelegate' ? actingFor(fx.owner) : caller === 'delegateOfOther' ? actingFor(fx.other) : undefined;

/** Signs `payload` as an ID token with `key` under the local pool's key id. */
async function signIdToken(payload: JWTPayload, key: Parameters<SignJWT['sign']>[0], kid: string): Promise<string> {
  return new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' }).sign(key);
}

/** cognito-local signs with a fixed key pair shipped in the package (lib/local/cognito-keys.ts serves the public half). */
const cognitoLocalPrivateKey = () =>
  importJWK(createRequire(import.meta.url)('cognito-local/lib/keys/cognitoLocal.private.json').jwk as JWK, 'RS256');

beforeAll(async () => {
  // Every caller of the matrix sends the unsubscribe form for the same address, from one client.
  const stack = await startStack({ unsubscribeRequestLimits: { perAddress: 1000, perClient: 1000 } });
  const operator = await newUser(stack, 'operator', { operator: true });
  await expectOk(call(stack, operator.token, 'adminApproveUser', { params: { userId: operator.userId } }));
  const [owner, other, lead, awaiting, disabled] = await Promise.all([
    newApprovedBroker(stack, operator, 'owner'),
    newApprovedBroker(stack, operator, 'other'),
    newApprovedBroker(stack, operator, 'lead'),
    newUser(stack, 'awaiting'),
    newUser(stack, 'rogue', { operator: true }),
  ]);
  const [delegateOfOwner, delegateOfOther, revokedDelegate] = await Promise.all([
    newDelegate(stack, operator, owner, 'assistant'),
    newDelegate(stack, operator, other, 'researcher'),
    newDelegate(stack, operator, owner, 'former'),
  ]);
  await expectOk(call(stack, other.token, 'updateDelegation', { params: { brokerId: other.userId, delegateId: delegateOfOther.userId }, body: { action: 'setExport', canExport: true } }));
  await expectOk(call(stack, owner.token, 'updateDelegation', { params: { brokerId: owner.userId, delegateId: revokedDelegate.userId }, body: { action: 'revoke' } }));
  await expectOk(call(stack, operator.token, 'adminApproveUser', { params: { userId: disabled.userId } }));
  await expectOk(call(stack, operator.token, 'adminDisableUser', { params: { userId: disabled.userId } }));
  const published = await queuedListing(stack, owner);
  const publishedToDelete = [await queuedListing(stack, owner), await queuedListing(stack, owner)];
  const publishedToClose = [await queuedListing(stack, owner), await queuedListing(stack, owner)];
  const matchedListing = await queuedListing(stack, other, { sqft: 8000 });
  await runBlastJob();
  const sent = await createRequirement(stack, owner);
  const sentToFill = [await createRequirement(stack, owner), await createRequirement(stack, owner)];
  const sentToWithdraw = [await createRequirement(stack, owner), await createRequirement(stack, owner)];
  await runBroadcast();
  fx = {
    stack,
    owner,
    other,
    awaiting,
    operator,
    disabled,
    lead,
    delegateOfOwner,
    delegateOfOther,
    revokedDelegate,
    draft: await completeDraft(stack, owner),
    published: (await expectOk(call<{ listing: Listing }>(stack, owner.token, 'getListing', { params: { listingId: published.listingId } })))
      .listing,
    publishedToDelete,
    publishedToClose,
    matchedListing,
    sentToFill,
    sentToWithdraw,
    pending: await createRequirement(stack, owner),
    sent: (await expectOk(call<{ requirement: Requirement }>(stack, owner.token, 'getRequirement', { params: { requirementId: sent.requirementId } })))
      .requirement,
  };
  expect([fx.published.status, fx.sent.status, fx.pending.status, fx.draft.status]).toEqual(['published', 'sent', 'pending', 'draft']);
  const matches = await expectOk(call<{ items: { listingId: string }[] }>(stack, owner.token, 'listRequirementMatches', { params: { requirementId: sent.requirementId } }));
  expect(matches.items.map((m) => m.listingId)).toEqual([matchedListing.listingId]);

  // The owner's real ID token, re-signed: with a key of our own (forged), and with the pool's key but expired.
  const real = owner.token;
  const { kid } = decodeProtectedHeader(real);
  const claims = decodeJwt(real);
  const now = Math.floor(Date.now() / 1000);
  const { privateKey: ourKey } = await generateKeyPair('RS256');
  const poolKey = await cognitoLocalPrivateKey();
  Object.assign(tokens, {
    none: null,
    forged: await signIdToken(claims, ourKey, kid!),
    expired: await signIdToken({ ...claims, iat: now - 7200, auth_time: now - 7200, exp: now - 3600 }, poolKey, kid!),
    awaiting: awaiting.token,
    owner: owner.token,
    other: other.token,
    operator: operator.token,
    disabled: disabled.token,
    delegateOfOwner: delegateOfOwner.token,
    delegateOfOther: delegateOfOther.token,
    revokedDelegate: revokedDelegate.token,
  } satisfies Record<Caller, string | null>);
  // Control: the same re-signing with a live expiry is accepted, so the 401 above is the expiry's doing.
  const live = await signIdToken({ ...claims, exp: now + 600 }, poolKey, kid!);
  expect((await call(stack, live, 'getUserByCognitoId', { params: { cognitoId: owner.userId } })).status).toBe(200);
}, 180_000);

afterAll(async () => fx?.stack.stop());

describe('authorization matrix (every route × every kind of caller)', () => {
  it('covers every route of the route table, and each public route answers without a token', () => {
    expect(Object.keys(cases).sort()).toEqual(routes.map((r) => r.id).sort());
    expect(routes.filter((r) => r.auth === 'public').map((r) => r.id)).toEqual([
      'createUser',
      'unsubscribe',
      'unsubscribeOneClick',
      'getUnsubscribeLink',
      'updateUnsubscribeLink',
      'getRenewLink',
      'useRenewLink',
    ]);
  });

  it.each(routes.map((route) => [route.id, route] as const))('%s', async (_id, route) => {
    const routeCase = cases[route.id];
    for (const target of targetsOf(route, routeCase)) {
      const request = await routeCase.request(fx, target);
      const expected = Object.fromEntries(CALLERS.map((caller) => [caller, expectedStatus(route, routeCase, caller, target)]));
      // Refused callers first, so the store they must leave untouched is the one the table describes.
      const order = [...CALLERS].sort((a, b) => Number(expected[a]! < 400) - Number(expected[b]! < 400));
      const actual: Record<string, number> = {};
      const before = await storeSnapshot(fx.stack);
      for (const caller of order.filter((c) => expected[c]! >= 400)) {
        actual[caller] = (await call(fx.stack, tokens[caller], route.id, { ...request, headers: headersOf(caller) })).status;
      }
      expect(await storeSnapshot(fx.stack), `${route.id} (${target}): a refused call changed the store`).toEqual(before);
      let successes = 0;
      for (const caller of order.filter((c) => expected[c]! < 400)) {
        // On a broker's item the owner's delegate succeeds too: after the first success, on a fresh item.
        const fresh = successes++ > 0 && route.delegable ? await routeCase.request(fx, target) : request;
        const answer = await call(fx.stack, tokens[caller], route.id, { ...fresh, headers: headersOf(caller) });
        actual[caller] = answer.status;
      }
      expect({ target, ...actual }, `${route.method} ${route.path}`).toEqual({ target, ...expected });
      if (route.auth === 'public') expect(Object.values(actual)).not.toContain(401);
    }
  });
});

describe('what the matrix relies on', () => {
  it('an approved route lets the awaiting broker in once approved (the 403 is the approval, not the account)', async () => {
    const applicant = await newUser(fx.stack, 'late');
    expect((await call(fx.stack, applicant.token, 'createListing')).status).toBe(403);
    await expectOk(call(fx.stack, fx.operator.token, 'adminApproveUser', { params: { userId: applicant.userId } }));
    expect((await call(fx.stack, applicant.token, 'createListing')).status).toBe(201);
  });

  it('public routes ignore a token: a forged one neither helps nor hurts', async () => {
    for (const token of [tokens.forged, tokens.expired, 'not-a-jwt']) {
      const answer = await call(fx.stack, token, 'unsubscribe', { body: { email: `nobody-${randomUUID().slice(0, 6)}@example.com` } });
      expect(answer.status).toBe(200);
    }
  });

  it('a token for another client, an access token or a garbled one is refused like no token', async () => {
    const claims = decodeJwt(fx.owner.token);
    const { kid } = decodeProtectedHeader(fx.owner.token);
    const poolKey = await cognitoLocalPrivateKey();
    const wrongAudience = await signIdToken({ ...claims, aud: 'some-other-client' }, poolKey, kid!);
    const accessToken = await signIdToken({ ...claims, token_use: 'access' }, poolKey, kid!);
    for (const token of [wrongAudience, accessToken, `${fx.owner.token}x`, 'Bearer', '']) {
      const answer = await call(fx.stack, token || null, 'getUserByCognitoId', { params: { cognitoId: fx.owner.userId } });
      expect(answer.status).toBe(401);
    }
    expect(routeById.getUserByCognitoId.auth).toBe('user');
  });
});
