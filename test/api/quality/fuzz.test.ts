import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { usersRepository } from '../../../lambdas/data/users';
import { unsubscribeLinks, unsubscribeToken } from '../../../lambdas/domain/mail';
import { renewLinkUrl } from '../../../lambdas/domain/renew-links';
import { unsubscribeLinkSentMessage } from '../../../shared/api/schemas/auth';
import { categoriesOfStream, type UnsubscribeStream } from '../../../shared/catalog';
import { createConfirmedUser } from '../../../lib/local/testing';
import type { LocalStack } from '../../../lib/local/stack';
import {
  acceptedImageTypes,
  BROCHURE_MAX_BYTES,
  brokerInfoRequest,
  contract,
  createRequirementRequest,
  imageKinds,
  contactListFilter,
  listingDraft,
  matchStates,
  personalInfoRequest,
  digestFrequencies,
  digestLimits,
  matchDeliveries,
  requirementDeliveries,
  savedSearchFrequencies,
  savedSearchQuery,
  type AuditAction,
  type AuditLogPage,
  type DelegationsResponse,
  type Listing,
  type SavedSearch,
  type Match,
  type PresignResponse,
  type Requirement,
  type User,
} from '../../../shared/api';
import { routes, type RouteId } from '../../../shared/api/routes';
import { callRoute } from '../http';
import * as limits from '../../spec/field-limits';
import { withinForm } from '../../spec/probes';
import {
  idsOf,
  leaseFrequencies,
  leaseTypes,
  listingTypes,
  marketAreas,
  markets,
  propertyTypes,
  requirementTypes,
  subscriptionCategories,
  usStates,
} from '../../../shared/catalog';
import {
  bucketKeys,
  call,
  completeDraft,
  createDraft,
  createRequirement,
  expectOk,
  newApprovedBroker,
  newUser,
  postToS3,
  queuedListing,
  runBlastJob,
  runBroadcast,
  startStack,
  storeSnapshot,
  testImage,
  testPdf,
  uploadPhoto,
  uploadedBrochure,
  validRequirement,
  type Broker,
} from './support';

/**
 * Property-based fuzzing of every write route (POST/PUT/DELETE) through the local gateway:
 * - valid input (hand-written arbitraries of the shared schemas' shapes: unicode, edge lengths, edge
 *   numbers) is accepted and reads back as the schema normalises it (trimmed, defaults filled);
 * - invalid input (mutations of a valid request: wrong types, missing fields, huge strings, numbers out of
 *   range, arrays too long, nested junk, non-JSON bodies, junk ids) and well-formed requests the domain
 *   refuses (unknown ids, foreign keys, sizes over the cap) get a 4xx and persist nothing anywhere;
 * - no input gets a 5xx; prototype-pollution keys are ignored and pollute nothing.
 */

interface Fx {
  stack: LocalStack;
  owner: Broker;
  operator: Broker;
  /** The account the unsubscribe routes act on. */
  reader: Broker;
  /** A draft of the owner that stays a draft (presign and update act on it). */
  draft: Listing;
  /** A draft of the owner missing everything: publishing it is refused. */
  incomplete: Listing;
  /** A match of the owner's sent requirement with another broker's published listing. */
  match: { requirementId: string; listingId: string };
  /** A requirement of the owner withdrawn before it was sent: nothing but reading it is open. */
  closedRequirementId: string;
  /** A renew link of the owner's sent requirement, already used. */
  usedRenewToken: string;
  /** A published listing of the owner. */
  ownPublished: Listing;
  /** A listings search of the owner's that the refused updates aim at. */
  savedSearchId: string;
}

interface Req {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** Sent as is instead of `body` (non-JSON, pollution keys, oversize). */
  raw?: string;
  contentType?: string;
}

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

interface Case<I> {
  caller?: (fx: Fx) => Broker | null;
  /** A valid request the invalid mutations start from (sent only after a mutation). */
  template: (fx: Fx) => Req | Promise<Req>;
  /** Valid inputs, and the request each becomes (which may first make its own target). */
  valid: (fx: Fx) => fc.Arbitrary<I>;
  request: (fx: Fx, input: I) => Req | Promise<Req>;
  /** Reads back, as the owner, what the answer says was done: it must be what was sent, normalised by the schema. */
  roundTrip: (fx: Fx, input: I, request: Req, answer: Answer) => Promise<void>;
  validRuns?: number;
  /** Well-formed requests the domain refuses: unknown or foreign ids, keys, sizes over the cap. */
  refused?: (fx: Fx) => fc.Arbitrary<Req>;
}

type AnyCase = Case<never>;
const fuzzCase = <I,>(c: Case<I>): AnyCase => c as unknown as AnyCase;

let fx: Fx;

/** A request by route id through the gateway, raw bodies included; never throws on a non-JSON answer. */
function send(token: string | null, id: RouteId, req: Req): Promise<Answer> {
  return callRoute(fx.stack.urls.api, token, id, { ...req, rawBody: req.raw });
}

const tokenOf = (c: AnyCase) => (c.caller ? c.caller(fx) : fx.owner)?.token ?? null;

const NOT_DECODABLE = Symbol('not decodable');
const MAX_BODY_BYTES = 1024 * 1024;

/** The body as the pipeline decodes it (lambdas/core/http.ts readBody), or NOT_DECODABLE. */
function decoded(req: Req): unknown {
  // What travels is the raw text, or the body as JSON (callRoute): what JSON drops, such as a property
  // whose value is undefined, never reaches the server.
  const raw = req.raw ?? (req.body === undefined ? undefined : JSON.stringify(req.body));
  if (raw === undefined || raw === '') return {};
  if (Buffer.byteLength(raw) > MAX_BODY_BYTES) return NOT_DECODABLE;
  if (req.contentType?.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(raw));
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return NOT_DECODABLE;
  }
}

/** Whether the request passes the route's own schemas (what the pipeline checks first). */
function schemaValid(id: RouteId, req: Req): boolean {
  const value = decoded(req);
  const schemas = contract[id];
  return (
    value !== NOT_DECODABLE &&
    schemas.params.safeParse(req.params ?? {}).success &&
    schemas.query.safeParse(req.query ?? {}).success &&
    schemas.body.safeParse(value).success
  );
}

/** The write routes whose bodies the spec table rules (test/spec/field-limits.ts); `complete`: every field named. */
const specForms: Partial<Record<RouteId, { form: limits.FormRules; complete?: boolean }>> = {
  createRequirement: { form: limits.requirementForm },
  updateListing: { form: limits.listingDraft, complete: true },
  updatePersonalInfo: { form: limits.personalInfoForm },
  updateBrokerInfo: { form: limits.brokerInfoForm },
  createUser: { form: limits.signUpNames },
};

/**
 * The oracle: a request is valid when the route's schemas accept it and, judged independently of them, the
 * spec table does too. A schema loosened past the spec (a longer title, more highlights) then fails here.
 */
function valid(id: RouteId, req: Req): boolean {
  const entry = specForms[id];
  if (!schemaValid(id, req)) return false;
  return !entry || withinForm(entry.form, decoded(req), entry.complete);
}

// ---------------------------------------------------------------------------------------------------------
// Arbitraries of valid values

/** Whitespace the schemas trim away (String.prototype.trim's set, a sample). */
const padding = fc.constantFrom('', '', ' ', '  ', '\t', '\n ', '\u00a0', '\u3000');
/** Characters that tend to break things: markup, quotes, emoji, right-to-left, zero-width, control and NUL. */
const nasty = fc.constantFrom('<script>alert(1)</script>', '"\'`', '💥🏢', 'שלום', '\u200b', '\u0000', '\\', '${x}', '%s', 'Ω≈ç√');
const core = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.array(nasty, { minLength: 1, maxLength: 3 }).map((parts) => parts.join(' ')) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
);

/** Text the schema keeps after trimming: at most `max` UTF-16 units, at least `min` once trimmed. */
function text(max: number, min = 0): fc.Arbitrary<string> {
  const atLimit = fc.constantFrom('x', 'é', 'Ω').map((c) => c.repeat(max));
  return fc
    .tuple(padding, fc.oneof({ weight: 8, arbitrary: core }, { weight: 1, arbitrary: atLimit }), padding)
    .map(([a, b, c]) => `${a}${b}${c}`)
    .filter((s) => s.trim().length >= min && s.trim().length <= max);
}

/** Text within a rule of the spec table: its limit, and not empty where the field is required. */
const textOf = (rule: limits.TextRule) => text(rule.max, rule.required ? 1 : 0);
const linesOf = (rule: limits.LinesRule) => fc.array(textOf({ kind: 'text', max: rule.itemMax }), { maxLength: rule.maxItems });
const oneOf = <T extends string>(ids: readonly T[]) => fc.constantFrom(...ids);
const idLike = fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/);
const sqft = fc.oneof(fc.constant(null), fc.integer({ min: 0, max: limits.listingDraft.sqft.max }));
const money = fc.oneof(
  fc.constant(null),
  fc.integer({ min: 0, max: limits.listingDraft.price.max }),
  // Dollars with up to 4 decimals.
  fc.integer({ min: 0, max: 100_000_000_000_000 }).map((n) => n / 10_000),
  fc.constantFrom(0.01, 1.5, 0.0001, 9_999_999_999.99),
);

const requirementInput = fc
  .record(
    {
      requirementTypeId: oneOf(idsOf(requirementTypes)),
      propertyTypeId: oneOf(idsOf(propertyTypes)),
      marketIds: fc.uniqueArray(oneOf(idsOf(markets)), { minLength: 1, maxLength: 6 }),
      title: textOf(limits.requirementForm.title),
      timing: textOf(limits.requirementForm.timing),
      sqft: fc.tuple(sqft, sqft),
      description: textOf(limits.requirementForm.description),
      highlights: linesOf(limits.requirementForm.highlights),
      maxPrice: money,
      // The requirement's budget: a maximum lease rate always with its frequency (the schema refuses one alone).
      lease: fc.tuple(money, oneOf(idsOf(leaseFrequencies))),
    },
    { requiredKeys: ['requirementTypeId', 'propertyTypeId', 'marketIds', 'title', 'timing'] },
  )
  .map(({ sqft: pair, lease, ...rest }) => {
    const [a, b] = pair ?? [null, null];
    const ordered = a !== null && b !== null && a > b ? [b, a] : [a, b];
    return {
      ...rest,
      ...(pair ? { sqftMin: ordered[0], sqftMax: ordered[1] } : {}),
      ...(lease ? { maxLeaseRate: lease[0], maxLeaseFrequencyId: lease[1] } : {}),
    };
  });

/** Names only a local network resolves are refused as brochure hosts (shared/rules/links.ts). */
const publicName = (url: string) => !/^https?:\/\/[^/?#]*\.(local|internal|localhost|localdomain|home\.arpa)([:/?#]|$)/i.test(url);
const brochure = fc.oneof(
  fc.constant(''),
  fc.webUrl({ validSchemes: ['https', 'http'] }).filter((u) => u.length <= 2000 && publicName(u)),
  fc.domain().map((d) => `https://${d}/brochure.pdf`).filter(publicName),
);

const draftInput = fc.record(
  {
    title: textOf(limits.listingDraft.title),
    listingTypeId: fc.option(oneOf(idsOf(listingTypes))),
    propertyTypeId: fc.option(oneOf(idsOf(propertyTypes))),
    marketId: fc.option(oneOf(idsOf(markets))),
    sqft,
    minSqft: sqft,
    maxSqft: sqft,
    price: money,
    leasePrice: money,
    leaseFrequencyId: fc.option(oneOf(idsOf(leaseFrequencies))),
    leaseTypeId: fc.option(oneOf(idsOf(leaseTypes))),
    timing: textOf(limits.listingDraft.timing),
    description: textOf(limits.listingDraft.description),
    highlights: linesOf(limits.listingDraft.highlights),
    address1: textOf(limits.listingDraft.address1),
    address2: textOf(limits.listingDraft.address2),
    city: textOf(limits.listingDraft.city),
    state: fc.oneof(fc.constant(''), oneOf(usStates)),
    zipCode: fc.oneof(fc.constant(''), fc.stringMatching(/^\d{5}$/), fc.constantFrom('95814', '95630', '00000')),
    zip4: fc.oneof(fc.constant(''), fc.stringMatching(/^\d{4}$/)),
    brochureUrl: brochure,
  },
);

const personalInfo = fc.record(
  {
    firstName: textOf(limits.personalInfoForm.firstName),
    lastName: textOf(limits.personalInfoForm.lastName),
    title: textOf(limits.personalInfoForm.title),
    license: textOf(limits.personalInfoForm.license),
    phone: textOf(limits.personalInfoForm.phone),
    // Someone else's id in the body changes nothing: the path (and the token) decide whose record it is.
    userId: idLike,
  },
  { requiredKeys: ['firstName', 'lastName'] },
);

const brokerInfo = fc.record(
  { name: textOf(limits.brokerInfoForm.name), address1: textOf(limits.brokerInfoForm.address1), address2: textOf(limits.brokerInfoForm.address2) },
  { requiredKeys: ['name', 'address1'] },
);

const privacy = fc.record({ listed: fc.boolean(), showPhone: fc.boolean(), showEmail: fc.boolean() });

const directoryFilter = fc.record(
  {
    dealTypeId: oneOf(idsOf(requirementTypes)),
    propertyTypeId: oneOf(idsOf(propertyTypes)),
    marketId: oneOf(idsOf(marketAreas)),
    recent: fc.boolean(),
    q: text(100),
  },
  { requiredKeys: [] },
);
const contactListInput = fc.oneof(
  fc.record({ name: text(100, 1), filter: directoryFilter }),
  fc.record({ name: text(100, 1), members: fc.uniqueArray(fc.uuid(), { maxLength: 5 }) }),
);

/** A browser's filters as its URL holds them: catalogue ids, "ALL", or nothing (a saved search's). */
const idOrAll = <T extends string>(ids: readonly T[]) => fc.oneof(oneOf(ids), fc.constant('ALL'));
const listingsFilters = fc.record(
  { listingTypeId: idOrAll(idsOf(listingTypes)), propertyTypeId: idOrAll(idsOf(propertyTypes)), marketId: idOrAll(idsOf(markets)) },
  { requiredKeys: [] },
);
const requirementsFilters = fc.record(
  { requirementTypeId: idOrAll(idsOf(requirementTypes)), propertyTypeId: idOrAll(idsOf(propertyTypes)), marketId: idOrAll(idsOf(markets)) },
  { requiredKeys: [] },
);
const savedSearchInput = fc.oneof(
  fc.record({ name: text(80, 1), kind: fc.constant('listings' as const), filters: listingsFilters, frequency: oneOf(savedSearchFrequencies) }),
  fc.record({ name: text(80, 1), kind: fc.constant('requirements' as const), filters: requirementsFilters, frequency: oneOf(savedSearchFrequencies) }),
);
const notificationPreferences = fc.record({
  requirements: oneOf(requirementDeliveries),
  matches: oneOf(matchDeliveries),
  digestFrequency: oneOf(digestFrequencies),
  digestLimit: fc.constantFrom(...digestLimits),
});

const subscriptionIds = subscriptionCategories.map((c) => c.id);
const subscriptions = fc.record(
  {
    subscriptions: fc.array(fc.record({ subscriptionId: oneOf(subscriptionIds), subscribed: fc.boolean() }), {
      maxLength: subscriptionIds.length * 2,
    }),
    matchNotices: fc.boolean(),
  },
  { requiredKeys: ['subscriptions'] },
);
/** The owner's match notices setting just before an updateSubscriptions call. */
let previousMatchNotices = true;

const presignBody = (kind: keyof typeof imageKinds) =>
  fc.record(
    {
      contentType: oneOf(acceptedImageTypes),
      size: fc.oneof(fc.integer({ min: 1, max: imageKinds[kind].maxBytes }), fc.constantFrom(1, imageKinds[kind].maxBytes)),
      fileName: fc.string({ unit: 'grapheme', maxLength: 60 }).filter((s) => s.length <= 255),
    },
    { requiredKeys: ['contentType', 'size'] },
  );

const image = fc.record({
  format: fc.constantFrom<('jpeg' | 'png' | 'webp')[]>('jpeg', 'png', 'webp'),
  width: fc.integer({ min: 1, max: 700 }),
  height: fc.integer({ min: 1, max: 500 }),
});
const mimeOf = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;

const email = fc
  .tuple(padding, fc.stringMatching(/^[a-z0-9._+-]{1,20}$/), fc.domain())
  .map(([pad, local, domain]) => `${pad}${local}@${domain}${pad}`)
  .filter((e) => contract.unsubscribe.body.safeParse({ email: e }).success);

/** Random casing and padding of an address the API must still recognise. */
const shout = (address: string) =>
  fc.tuple(padding, fc.array(fc.boolean(), { minLength: address.length, maxLength: address.length })).map(
    ([pad, upper]) => `${pad}${[...address].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join('')}${pad}`,
  );

// ---------------------------------------------------------------------------------------------------------
// Reading back

const ownUser = async (broker: Broker) =>
  (await expectOk(call<{ user: User }>(fx.stack, broker.token, 'getUserByCognitoId', { params: { cognitoId: broker.userId } }))).user;
const ownListing = async (listingId: string) =>
  (await expectOk(call<{ listing: Listing }>(fx.stack, fx.owner.token, 'getListing', { params: { listingId } }))).listing;
const expectGone = async (id: 'getListing' | 'getRequirement', params: Record<string, string>, token = fx.owner.token) =>
  expect((await call(fx.stack, token, id, { params })).status).toBe(404);

/** A contact list of the owner's: a saved filter unless `members` are given. */
const newList = async (body: Record<string, unknown> = { name: 'Office brokers', filter: { propertyTypeId: 'office' } }) =>
  (await expectOk(call<{ list: { listId: string } }>(fx.stack, fx.owner.token, 'createContactList', { body }))).list.listId;
const ownList = async (listId: string) =>
  (await expectOk(call<{ list: { name: string; filter: unknown; members: string[] | null } }>(fx.stack, fx.owner.token, 'getContactList', { params: { listId } }))).list;

/** A listings search of the owner's. */
const newSearch = async () =>
  (await expectOk(call<{ search: SavedSearch }>(fx.stack, fx.owner.token, 'createSavedSearch', { body: { name: 'Office', kind: 'listings', filters: { propertyTypeId: 'office' }, frequency: 'daily' } })))
    .search.savedSearchId;
const ownSearch = async (savedSearchId: string) =>
  (await expectOk(call<{ items: SavedSearch[] }>(fx.stack, fx.owner.token, 'listSavedSearches'))).items.find((s) => s.savedSearchId === savedSearchId);

/** The owner's delegations both ways. */
const ownDelegations = async () => expectOk(call<DelegationsResponse>(fx.stack, fx.owner.token, 'listDelegations'));
/** The reader's request to assist the owner (made in beforeAll). */
const readersDelegation = () => ({ brokerId: fx.owner.userId, delegateId: fx.reader.userId });

const draftFields = Object.keys(listingDraft.shape) as (keyof Listing)[];
const pick = (from: object, keys: readonly string[]) =>
  Object.fromEntries(keys.map((k) => [k, (from as Record<string, unknown>)[k]]));

async function expectSubscribed(broker: Broker, subscribed: boolean) {
  expect((await ownUser(broker)).subscriptions.every((s) => s.subscribed === subscribed)).toBe(true);
}

/** The owner's profile version now: what the web app holds and sends with a profile save. */
const ownVersion = async () => (await ownUser(fx.owner)).version;
/** A profile save over a version the profile no longer has (another tab saved since): 409, nothing saved. */
const staleProfileSave = <T extends object>(fields: fc.Arbitrary<T>) =>
  fc.tuple(fields, fc.integer({ min: 1_000_000, max: 2 ** 40 })).map(([body, version]) => ({ params: self(), body: { ...body, version } }));

/** The owner's subscriptions just before an updateSubscriptions call. */
let previousSubscriptions: User['subscriptions'] = [];
const everything = { subscriptions: subscriptionIds.map((subscriptionId) => ({ subscriptionId, subscribed: true })) };

type ImageSpec = { format: 'jpeg' | 'png' | 'webp'; width: number; height: number };

/** Presign → POST, as the browser does; answers the key to finalise. */
async function uploaded(presignRoute: 'presignProfileImage' | 'presignBrokerImage' | 'presignListingImage', params: Record<string, string>, img: ImageSpec) {
  const bytes = await testImage(img.format, img.width, img.height);
  const presigned = await expectOk(
    call<PresignResponse>(fx.stack, fx.owner.token, presignRoute, { params, body: { contentType: mimeOf[img.format], size: bytes.byteLength } }),
  );
  await postToS3(presigned, bytes, mimeOf[img.format]);
  return presigned.key;
}

const reachable = async (urls: readonly string[]) => {
  for (const url of urls) expect((await fetch(url)).status, url).toBe(200);
};

// ---------------------------------------------------------------------------------------------------------
// The write routes

const self = () => ({ userId: fx.owner.userId });
/** A fresh requirement of the owner, broadcast (the broadcast does not run on its own here). */
async function sentRequirement(f: Fx): Promise<Requirement> {
  const requirement = await createRequirement(f.stack, f.owner);
  await runBroadcast();
  return requirement;
}
/** The token of a fresh renew link, as a reminder carries it. */
const renewToken = async (requirementId: string) =>
  new URL(await renewLinkUrl({ kind: 'requirement', id: requirementId }, new Date())).searchParams.get('token')!;
const opOnly = () => fx.operator;
/** The operator's action on `targetId` is in the audit trail once, in the operator's name. */
async function expectAudited(action: AuditAction, targetId: string): Promise<void> {
  const trail = await expectOk(call<AuditLogPage>(fx.stack, fx.operator.token, 'adminListAudit', { query: { action, limit: '25' } }));
  const entries = trail.items.filter((entry) => entry.target.id === targetId);
  expect(entries).toHaveLength(1);
  expect(entries[0]!.actor).toEqual({ kind: 'operator', userId: fx.operator.userId, email: fx.operator.email });
}
/** Well-formed ids nobody has: refused with 404 (or 403/400), never a 5xx. */
const unknownId = idLike;

const presignCase = (kind: keyof typeof imageKinds, params: () => Record<string, string>) =>
  fuzzCase({
    template: () => ({ params: params(), body: { contentType: 'image/jpeg', size: 1000 } }),
    valid: () => presignBody(kind),
    request: (_fx, body) => ({ params: params(), body }),
    roundTrip: async (_fx, body, _req, answer) => {
      const presigned = answer.body as unknown as PresignResponse;
      expect(presigned.fields['Content-Type']).toBe(body.contentType);
      expect(presigned.key).toMatch(/\/uploads\/[0-9a-f-]{36}$/);
    },
    refused: () =>
      fc.record({ params: fc.constant(params()), body: fc.record({ contentType: oneOf(acceptedImageTypes), size: fc.integer({ min: imageKinds[kind].maxBytes + 1, max: 2 ** 40 }) }) }),
  });

const userFinaliseCase = (presignRoute: 'presignProfileImage' | 'presignBrokerImage', field: 'profileImage' | 'brokerImage', folder: string) =>
  fuzzCase<ImageSpec>({
    template: () => ({ params: self(), body: { key: `users/${fx.owner.userId}/${folder}/uploads/${randomUUID()}` } }),
    valid: () => image,
    validRuns: 6,
    request: async (_fx, img) => ({ params: self(), body: { key: await uploaded(presignRoute, self(), img) } }),
    roundTrip: async () => {
      const variants = (await ownUser(fx.owner))[field]!;
      expect(Object.keys(variants).sort()).toEqual([...imageKinds[field === 'profileImage' ? 'profile' : 'logo'].variants].sort());
      await reachable(Object.values(variants));
    },
    refused: () =>
      fc.oneof(
        fc.string({ minLength: 1, maxLength: 512 }),
        fc.uuid().map((u) => `users/${fx.owner.userId}/${folder}/uploads/${u}`),
        fc.uuid().map((u) => `users/${fx.operator.userId}/${folder}/uploads/${u}`),
        fc.constantFrom(`users/${fx.owner.userId}/${folder}/uploads/../../profile/x`, `listings/${fx.draft.listingId}/uploads/${randomUUID()}`),
      ).map((key) => ({ params: self(), body: { key } })),
  });

const cases: { readonly [K in RouteId]: AnyCase | 'read-only' } = {
  getUserByCognitoId: 'read-only',
  getCreationQuota: 'read-only',
  listRequirements: 'read-only',
  listMyRequirements: 'read-only',
  getRequirement: 'read-only',
  countActiveRequirements: 'read-only',
  listListings: 'read-only',
  listMyListings: 'read-only',
  countRecentListings: 'read-only',
  getListing: 'read-only',
  adminListUsers: 'read-only',
  getUnsubscribeLink: 'read-only',
  getRenewLink: 'read-only',
  listMatches: 'read-only',
  countMatches: 'read-only',
  listRequirementMatches: 'read-only',
  listListingMatches: 'read-only',
  listBrokers: 'read-only',
  getMarket: 'read-only',
  getBrokerPage: 'read-only',
  listContactLists: 'read-only',
  listSavedSearches: 'read-only',
  getContactList: 'read-only',
  adminListExports: 'read-only',
  adminListAudit: 'read-only',
  listDelegations: 'read-only',
  adminListDelegations: 'read-only',

  // The owner asks to assist the operator (an approved account), the address as people type it.
  requestDelegation: fuzzCase({
    template: () => ({ body: { brokerEmail: fx.operator.email } }),
    valid: () => fc.record({ pad: padding, upper: fc.boolean() }),
    validRuns: 6,
    request: (_f, { pad, upper }) => ({ body: { brokerEmail: `${pad}${upper ? fx.operator.email.toUpperCase() : fx.operator.email}${pad}` } }),
    roundTrip: async () =>
      expect((await ownDelegations()).asDelegate.map((d) => [d.brokerId, d.state])).toContainEqual([fx.operator.userId, 'requested']),
    refused: () => fc.uuid().map((u) => ({ body: { brokerEmail: `nobody-${u}@example.com` } })),
  }),

  // The owner sets whether the reader, who asked to assist them, may export contact lists.
  updateDelegation: fuzzCase({
    template: () => ({ params: readersDelegation(), body: { action: 'setExport', canExport: true } }),
    valid: () => fc.boolean(),
    validRuns: 4,
    request: (_f, canExport) => ({ params: readersDelegation(), body: { action: 'setExport', canExport } }),
    roundTrip: async (_f, canExport) =>
      expect((await ownDelegations()).asBroker.find((d) => d.delegateId === fx.reader.userId)?.canExport).toBe(canExport),
    refused: () => unknownId.map((delegateId) => ({ params: { brokerId: fx.owner.userId, delegateId }, body: { action: 'confirm' } })),
  }),

  createContactList: fuzzCase({
    template: () => ({ body: { name: 'Office brokers', filter: { propertyTypeId: 'office' } } }),
    valid: () => contactListInput,
    validRuns: 10,
    request: (_f, body) => ({ body }),
    roundTrip: async (_f, input, _req, answer) => {
      const list = await ownList((answer.body.list as { listId: string }).listId);
      expect(list.name).toBe(input.name.trim());
      if ('filter' in input) expect(list.filter).toEqual(contactListFilter.parse(input.filter));
      else expect(list.members).toEqual(input.members);
    },
  }),

  updateContactList: fuzzCase({
    template: async () => ({ params: { listId: await newList({ name: 'Picked', members: [] }) }, body: { name: 'Renamed' } }),
    valid: () => fc.record({ name: text(100, 1), add: fc.uniqueArray(fc.uuid(), { maxLength: 5 }) }),
    validRuns: 6,
    request: async (_f, body) => ({ params: { listId: await newList({ name: 'Picked', members: [] }) }, body }),
    roundTrip: async (_f, input, req) => {
      const list = await ownList(req.params!.listId!);
      expect(list.name).toBe(input.name.trim());
      expect(list.members).toEqual(input.add);
    },
    refused: () => unknownId.map((listId) => ({ params: { listId }, body: { name: 'Not mine' } })),
  }),

  deleteContactList: fuzzCase({
    template: async () => ({ params: { listId: await newList() } }),
    valid: () => fc.constant(null),
    validRuns: 4,
    request: async () => ({ params: { listId: await newList() } }),
    roundTrip: async (_f, _input, req) => expect((await call(fx.stack, fx.owner.token, 'getContactList', { params: req.params })).status).toBe(404),
    refused: () => unknownId.map((listId) => ({ params: { listId } })),
  }),

  exportContactList: fuzzCase({
    template: async () => ({ params: { listId: await newList() }, body: { format: 'csv' } }),
    valid: () => fc.constantFrom('csv', 'vcard').map((format) => ({ format })),
    // Twenty exports a day per broker: the valid runs and the pollution check stay under it.
    validRuns: 4,
    request: async (_f, body) => ({ params: { listId: await newList() }, body }),
    roundTrip: async (_f, input, _req, answer) => {
      expect(answer.body.contentType).toContain(input.format === 'csv' ? 'text/csv' : 'text/vcard');
      expect(answer.body.content).toEqual(expect.any(String));
    },
    refused: () => unknownId.map((listId) => ({ params: { listId }, body: { format: 'csv' } })),
  }),

  // A broker keeps at most 50 searches: the runs below stay under it (the deletes make their own).
  createSavedSearch: fuzzCase({
    template: () => ({ body: { name: 'Office', kind: 'listings', filters: { propertyTypeId: 'office' }, frequency: 'instant' } }),
    valid: () => savedSearchInput,
    validRuns: 8,
    request: (_f, body) => ({ body }),
    roundTrip: async (_f, input, _req, answer) => {
      const search = await ownSearch((answer.body.search as SavedSearch).savedSearchId);
      expect(search).toMatchObject({ name: input.name.trim(), kind: input.kind, frequency: input.frequency, status: 'active' });
      expect(search!.filters).toEqual(savedSearchQuery.parse(input).filters);
    },
  }),

  updateSavedSearch: fuzzCase({
    template: async () => ({ params: { savedSearchId: await newSearch() }, body: { name: 'Renamed' } }),
    valid: () => fc.record({ name: text(80, 1), frequency: oneOf(savedSearchFrequencies), filters: listingsFilters }, { requiredKeys: [] }),
    validRuns: 6,
    request: async (_f, body) => ({ params: { savedSearchId: await newSearch() }, body }),
    roundTrip: async (_f, input, req) => {
      const search = await ownSearch(req.params!.savedSearchId!);
      expect(search).toMatchObject({ name: input.name?.trim() ?? 'Office', frequency: input.frequency ?? 'daily' });
      expect(search!.filters).toEqual(input.filters ? savedSearchQuery.parse({ kind: 'listings', filters: input.filters }).filters : { propertyTypeId: 'office' });
    },
    refused: () =>
      fc.oneof(
        unknownId.map((savedSearchId) => ({ params: { savedSearchId }, body: { name: 'Not mine' } })),
        // A requirement's type is no filter of the listings browser.
        oneOf(idsOf(requirementTypes)).map((requirementTypeId) => ({ params: { savedSearchId: fx.savedSearchId }, body: { filters: { requirementTypeId } } })),
      ),
  }),

  deleteSavedSearch: fuzzCase({
    template: async () => ({ params: { savedSearchId: await newSearch() } }),
    valid: () => fc.constant(null),
    validRuns: 4,
    request: async () => ({ params: { savedSearchId: await newSearch() } }),
    roundTrip: async (_f, _input, req) => expect(await ownSearch(req.params!.savedSearchId!)).toBeUndefined(),
    refused: () => unknownId.map((savedSearchId) => ({ params: { savedSearchId } })),
  }),

  updateNotificationPreferences: fuzzCase({
    template: async () => ({ params: self(), body: { requirements: 'digest', matches: 'instant', digestFrequency: 'weekly', digestLimit: 10, version: await ownVersion() } }),
    valid: () => notificationPreferences,
    request: async (_f, body) => ({ params: self(), body: { ...body, version: await ownVersion() } }),
    refused: () => staleProfileSave(notificationPreferences),
    roundTrip: async (_f, input) => expect((await ownUser(fx.owner)).notifications).toEqual(input),
  }),

  createUser: fuzzCase({
    caller: () => null,
    template: () => ({
      body: { email: fx.reader.email, cognitoId: fx.reader.userId, firstName: 'A', lastName: 'B', acceptedTermsAndConditions: true },
    }),
    valid: () => fc.record({ firstName: textOf(limits.signUpNames.firstName), lastName: textOf(limits.signUpNames.lastName), upper: fc.boolean() }),
    validRuns: 12,
    request: async (f, input) => {
      // Sign-up step 2 for a Cognito user that has no record yet.
      const address = `signup-${randomUUID().slice(0, 8)}@example.com`;
      const cognitoId = await createConfirmedUser(f.stack, { email: address, password: 'Fuzz!2345pass', firstName: 'x', lastName: 'y' });
      const sent = input.upper ? address.toUpperCase() : address;
      return { body: { email: sent, cognitoId, firstName: input.firstName, lastName: input.lastName, acceptedTermsAndConditions: true } };
    },
    roundTrip: async (_f, input, req) => {
      const { cognitoId, email: sent } = req.body as { cognitoId: string; email: string };
      const stored = await usersRepository.get(cognitoId);
      expect(stored).toMatchObject({ firstName: input.firstName.trim(), lastName: input.lastName.trim(), email: sent.toLowerCase(), status: 'awaiting approval' });
    },
    // Someone else's sub under this address, or a sub nobody has: refused, nothing stored.
    refused: () =>
      fc.record({ cognitoId: fc.oneof(idLike, fc.constant(fx.owner.userId)), firstName: textOf(limits.signUpNames.firstName) }).map(({ cognitoId, firstName }) => ({
        body: { email: fx.reader.email.replace('@', '+x@'), cognitoId, firstName, lastName: 'L', acceptedTermsAndConditions: true },
      })),
  }),

  setActiveStatus: fuzzCase({
    template: () => ({ params: self() }),
    valid: () => fc.constantFrom(undefined, {}),
    validRuns: 3,
    request: (_f, body) => ({ params: self(), body }),
    roundTrip: async () => expect((await ownUser(fx.owner)).emailConfirmed).toBe(true),
  }),

  resumeMail: fuzzCase({
    template: () => ({ params: self() }),
    valid: () => fc.constantFrom(undefined, {}),
    validRuns: 3,
    request: (_f, body) => ({ params: self(), body }),
    roundTrip: async () => expect((await ownUser(fx.owner)).mailStop).toBeNull(),
  }),

  updateSubscriptions: fuzzCase({
    template: async () => ({ params: self(), body: { ...everything, version: await ownVersion() } }),
    valid: () => subscriptions,
    request: async (_f, body) => {
      const user = await ownUser(fx.owner);
      previousSubscriptions = user.subscriptions;
      previousMatchNotices = user.matchNotices;
      return { params: self(), body: { ...body, version: user.version } };
    },
    refused: () => staleProfileSave(subscriptions),
    roundTrip: async (_f, input) => {
      // Categories the request names take its last word for them; the others keep what they had.
      const expected = new Map(previousSubscriptions.map((s) => [s._id, s.subscribed]));
      for (const { subscriptionId, subscribed } of input.subscriptions) expected.set(subscriptionId, subscribed);
      const user = await ownUser(fx.owner);
      expect(new Map(user.subscriptions.map((s) => [s._id, s.subscribed]))).toEqual(expected);
      expect(user.matchNotices).toBe(input.matchNotices ?? previousMatchNotices);
    },
  }),

  updatePersonalInfo: fuzzCase({
    template: async () => ({ params: self(), body: { firstName: 'Olive', lastName: 'Owner', version: await ownVersion() } }),
    valid: () => personalInfo,
    request: async (_f, body) => ({ params: self(), body: { ...body, version: await ownVersion() } }),
    refused: () => staleProfileSave(personalInfo),
    roundTrip: async (_f, input) => {
      const parsed = personalInfoRequest.parse(input);
      const user = await ownUser(fx.owner);
      expect(pick(user, ['firstName', 'lastName', 'title', 'license', 'phone'])).toEqual(pick(parsed, ['firstName', 'lastName', 'title', 'license', 'phone']));
    },
  }),

  updateBrokerInfo: fuzzCase({
    template: async () => ({ params: self(), body: { name: 'Owner Realty', address1: '1 Capitol Mall', version: await ownVersion() } }),
    valid: () => brokerInfo,
    request: async (_f, body) => ({ params: self(), body: { ...body, version: await ownVersion() } }),
    refused: () => staleProfileSave(brokerInfo),
    roundTrip: async (_f, input) => {
      const parsed = brokerInfoRequest.parse(input);
      expect(pick((await ownUser(fx.owner)).brokerInfo!, ['name', 'address1', 'address2'])).toEqual(pick(parsed, ['name', 'address1', 'address2']));
    },
  }),

  updateDirectoryPrivacy: fuzzCase({
    template: async () => ({ params: self(), body: { listed: true, showPhone: true, showEmail: true, version: await ownVersion() } }),
    valid: () => privacy,
    request: async (_f, body) => ({ params: self(), body: { ...body, version: await ownVersion() } }),
    refused: () => staleProfileSave(privacy),
    roundTrip: async (_f, input) => expect((await ownUser(fx.owner)).directory).toEqual(input),
  }),

  presignProfileImage: presignCase('profile', self),
  presignBrokerImage: presignCase('logo', self),
  presignListingImage: presignCase('listing', () => ({ listingId: fx.draft.listingId })),
  finaliseProfileImage: userFinaliseCase('presignProfileImage', 'profileImage', 'profile'),
  finaliseBrokerImage: userFinaliseCase('presignBrokerImage', 'brokerImage', 'logo'),

  finaliseListingImage: fuzzCase({
    template: () => ({ params: { listingId: fx.draft.listingId }, body: { key: `listings/${fx.draft.listingId}/uploads/${randomUUID()}` } }),
    valid: () => image,
    validRuns: 6,
    request: async (f, img) => {
      const { listingId } = await createDraft(f.stack, f.owner);
      return { params: { listingId }, body: { key: await uploaded('presignListingImage', { listingId }, img) } };
    },
    roundTrip: async (_f, _img, req) => {
      const listing = await ownListing(req.params!.listingId!);
      expect(listing.images).toHaveLength(1);
      await reachable([listing.images[0]!.thumbnail, listing.images[0]!.medium, listing.images[0]!.large]);
    },
    refused: () =>
      fc
        .oneof(
          fc.string({ minLength: 1, maxLength: 512 }),
          fc.uuid().map((u) => `listings/${fx.draft.listingId}/uploads/${u}`),
          fc.uuid().map((u) => `listings/${fx.incomplete.listingId}/uploads/${u}`),
          fc.uuid().map((u) => `users/${fx.owner.userId}/profile/uploads/${u}`),
        )
        .map((key) => ({ params: { listingId: fx.draft.listingId }, body: { key } })),
  }),

  presignListingBrochure: fuzzCase({
    template: () => ({ params: { listingId: fx.draft.listingId }, body: { size: 1000 } }),
    valid: () => fc.record({ size: fc.integer({ min: 1, max: BROCHURE_MAX_BYTES }), fileName: fc.option(fc.string({ maxLength: 255 }), { nil: undefined }) }, { requiredKeys: ['size'] }),
    request: (_f, body) => ({ params: { listingId: fx.draft.listingId }, body }),
    roundTrip: async (_f, _body, _req, answer) => {
      const presigned = answer.body as unknown as PresignResponse;
      expect(presigned.fields['Content-Type']).toBe('application/pdf');
      expect(presigned.key).toMatch(new RegExp(`^listings/${fx.draft.listingId}/uploads/[0-9a-f-]{36}$`));
    },
    refused: () => fc.integer({ min: BROCHURE_MAX_BYTES + 1, max: 2 ** 40 }).map((size) => ({ params: { listingId: fx.draft.listingId }, body: { size } })),
  }),

  setListingBrochure: fuzzCase({
    template: () => ({ params: { listingId: fx.draft.listingId }, body: { key: `listings/${fx.draft.listingId}/uploads/${randomUUID()}` } }),
    valid: () => fc.string({ maxLength: 40 }),
    validRuns: 4,
    request: async (f, text) => {
      const { listingId } = await createDraft(f.stack, f.owner);
      return { params: { listingId }, body: { key: await uploadedBrochure(f.stack, f.owner, listingId, testPdf(text)) } };
    },
    roundTrip: async (_f, _text, req) => {
      const listing = await ownListing(req.params!.listingId!);
      expect(listing.brochureFile).toMatch(/\/brochure\/[0-9a-f-]{36}\.pdf$/);
      await reachable([listing.brochureFile!]);
    },
    refused: () =>
      fc
        .oneof(
          fc.string({ minLength: 1, maxLength: 512 }),
          fc.uuid().map((u) => `listings/${fx.draft.listingId}/uploads/${u}`),
          fc.uuid().map((u) => `listings/${fx.incomplete.listingId}/uploads/${u}`),
        )
        .map((key) => ({ params: { listingId: fx.draft.listingId }, body: { key } })),
  }),

  deleteListingImage: fuzzCase({
    template: () => ({ params: { listingId: fx.draft.listingId, imageId: randomUUID() } }),
    valid: () => fc.constant(null),
    validRuns: 4,
    request: async (f) => {
      const { listingId } = await createDraft(f.stack, f.owner);
      const { images } = await expectOk(uploadPhoto(f.stack, f.owner, listingId, await testImage('png', 64, 48), 'image/png'));
      return { params: { listingId, imageId: images[0]!._id } };
    },
    roundTrip: async (_f, _input, req) => {
      expect((await ownListing(req.params!.listingId!)).images).toEqual([]);
      expect((await bucketKeys(fx.stack, `listings/${req.params!.listingId}/`)).filter((k) => k.includes(req.params!.imageId!))).toEqual([]);
    },
    refused: () =>
      fc.record({ listingId: fc.oneof(unknownId, fc.constant(fx.draft.listingId)), imageId: unknownId }).map((params) => ({ params })),
  }),

  unsubscribe: fuzzCase({
    caller: () => null,
    template: () => ({ body: { email: fx.reader.email } }),
    valid: () => fc.oneof(email, shout(fx.reader.email)),
    // The reader starts subscribed to everything whichever address is sent: other routes' accepted requests
    // (the pollution checks of the unsubscribe links among them) may have turned the reader's mail off.
    request: async (f, input) => {
      await expectOk(call(f.stack, f.reader.token, 'updateSubscriptions', { params: { userId: f.reader.userId }, body: everything }));
      return { body: { email: input } };
    },
    roundTrip: async (_f, _input, _req, answer) => {
      expect(answer.body).toEqual({ statusCode: '200', body: { message: unsubscribeLinkSentMessage } });
      // The form only mails a link: nobody's subscriptions change.
      await expectSubscribed(fx.reader, true);
    },
  }),

  updateUnsubscribeLink: fuzzCase({
    caller: () => null,
    template: async () => ({ query: { token: await unsubscribeToken(fx.reader.email, 'office-listings') }, body: { turnOff: 'stream' } }),
    valid: () =>
      fc.record({
        body: fc.oneof(
          fc.record({ turnOff: fc.constantFrom('stream', 'all') }),
          fc.record({ turnOn: fc.subarray(subscriptionIds.map((id) => ({ kind: 'category', id })), { minLength: 1 }) }),
        ),
        stream: fc.constantFrom('all', 'listings', 'office-requirements', 'digest', 'search-0f0e5b1c-1111-4222-8333-444455556666') as fc.Arbitrary<UnsubscribeStream>,
      }),
    request: async (_f, input) => ({ query: { token: await unsubscribeToken(fx.reader.email, input.stream) }, body: input.body }),
    roundTrip: async (_f, input) => {
      const on = new Set((await ownUser(fx.reader)).subscriptions.filter((s) => s.subscribed).map((s) => s._id));
      const body = input.body as { turnOff?: 'stream' | 'all'; turnOn?: { id: string }[] };
      if (body.turnOn) expect(body.turnOn.filter((s) => !on.has(s.id))).toEqual([]);
      else expect(categoriesOfStream(body.turnOff === 'all' ? 'all' : input.stream).filter((id) => on.has(id))).toEqual([]);
    },
    // Tokens we did not sign name nobody.
    refused: () =>
      fc
        .oneof(
          fc.string({ minLength: 10, maxLength: 300 }),
          fc.constant(`${Buffer.from(fx.reader.email).toString('base64url')}.all.${'A'.repeat(43)}`),
          fc.constant(`${Buffer.from(fx.reader.email).toString('base64url')}.${'A'.repeat(43)}`),
        )
        .map((token) => ({ query: { token }, body: { turnOff: 'all' } })),
  }),

  unsubscribeOneClick: fuzzCase({
    caller: () => null,
    template: async () => ({ query: { token: new URL((await unsubscribeLinks(fx.reader.email)).oneClickUrl).searchParams.get('token')! } }),
    valid: () => fc.record({ address: fc.oneof(email, fc.constant(fx.reader.email)), body: fc.oneof(fc.constant(undefined), fc.jsonValue()) }),
    request: async (f, input) => {
      await expectOk(call(f.stack, f.reader.token, 'updateSubscriptions', { params: { userId: f.reader.userId }, body: everything }));
      const token = new URL((await unsubscribeLinks(input.address)).oneClickUrl).searchParams.get('token')!;
      return { query: { token }, body: input.body };
    },
    roundTrip: async (_f, input) => {
      await expectSubscribed(fx.reader, input.address !== fx.reader.email);
    },
    // Tokens we did not sign, or signed for another address, name nobody.
    refused: () =>
      fc
        .oneof(
          fc.string({ minLength: 10, maxLength: 300 }),
          fc.base64String({ minLength: 12, maxLength: 200 }),
          fc.constant(`${Buffer.from(fx.reader.email).toString('base64url')}.${'A'.repeat(43)}`),
        )
        .map((token) => ({ query: { token } })),
  }),

  createRequirement: fuzzCase({
    template: () => ({
      body: { requirementTypeId: 'for-lease', propertyTypeId: 'office', marketIds: ['sac-midtown'], title: 'T', timing: 'Now', sqftMin: 1, sqftMax: 2, highlights: ['a'] },
    }),
    valid: () => requirementInput,
    request: (_f, body) => ({ body }),
    roundTrip: async (_f, input, _req, answer) => {
      const { requirementId } = (answer.body.requirement as Requirement);
      const read = (await expectOk(call<{ requirement: Requirement }>(fx.stack, fx.owner.token, 'getRequirement', { params: { requirementId } }))).requirement;
      const parsed = createRequirementRequest.parse(input);
      expect({
        requirementTypeId: read.type.requirementTypeId,
        propertyTypeId: read.propertyType.propertyTypeId,
        marketIds: read.markets.map((m) => m.marketId),
        title: read.title,
        timing: read.timing,
        sqftMin: read.sqftMin,
        sqftMax: read.sqftMax,
        description: read.description,
        highlights: read.highlights,
        maxPrice: read.maxPrice,
        maxLeaseRate: read.maxLeaseRate,
        maxLeaseFrequencyId: read.maxLeaseFrequencyId,
      }).toEqual(parsed);
    },
  }),

  updateRequirement: fuzzCase({
    template: async () => ({ params: { requirementId: (await createRequirement(fx.stack, fx.owner)).requirementId }, body: { ...validRequirement(), version: 0 } }),
    valid: () => requirementInput,
    request: async (f, body) => ({ params: { requirementId: (await createRequirement(f.stack, f.owner)).requirementId }, body: { ...body, version: 0 } }),
    roundTrip: async (_f, input, req) => {
      const read = (await expectOk(call<{ requirement: Requirement }>(fx.stack, fx.owner.token, 'getRequirement', { params: req.params! }))).requirement;
      const parsed = createRequirementRequest.parse(input);
      expect({ title: read.title, marketIds: read.markets.map((m) => m.marketId), maxPrice: read.maxPrice, highlights: read.highlights, version: read.version }).toEqual({
        title: parsed.title,
        marketIds: parsed.marketIds,
        maxPrice: parsed.maxPrice,
        highlights: parsed.highlights,
        version: 1,
      });
    },
    // An unknown requirement, or an edit over a version it no longer has (409).
    refused: () =>
      fc.oneof(
        unknownId.map((requirementId) => ({ params: { requirementId }, body: { ...validRequirement(), version: 0 } })),
        fc.integer({ min: 1, max: 2 ** 40 }).map((version) => ({ params: { requirementId: fx.match.requirementId }, body: { ...validRequirement(), version } })),
      ),
  }),

  fillRequirement: fuzzCase({
    template: () => ({ params: { requirementId: fx.match.requirementId }, body: {} }),
    valid: () => fc.constantFrom({}, { outcome: { kind: 'elsewhere' as const } }, { outcome: { kind: 'bisn-listing' as const, listingId: fx.match.listingId } }),
    validRuns: 3,
    request: async (f, body) => ({ params: { requirementId: (await sentRequirement(f)).requirementId }, body }),
    roundTrip: async (_f, input, req) => {
      const read = (await expectOk(call<{ requirement: Requirement }>(fx.stack, fx.owner.token, 'getRequirement', { params: req.params! }))).requirement;
      expect([read.status, read.outcome?.kind ?? null]).toEqual(['filled', input.outcome?.kind ?? null]);
    },
    // Unknown; a withdrawn requirement (409); a listing that is not on BISN (400).
    refused: () =>
      fc.oneof(
        unknownId.map((requirementId) => ({ params: { requirementId }, body: {} })),
        fc.constant({ params: { requirementId: fx.closedRequirementId }, body: {} }),
        unknownId.map((listingId) => ({ params: { requirementId: fx.match.requirementId }, body: { outcome: { kind: 'bisn-listing', listingId } } })),
      ),
  }),

  withdrawRequirement: fuzzCase({
    template: () => ({ params: { requirementId: fx.closedRequirementId } }),
    valid: () => fc.constant(null),
    validRuns: 3,
    request: async (f) => ({ params: { requirementId: (await createRequirement(f.stack, f.owner)).requirementId } }),
    roundTrip: async (_f, _input, req) => {
      const read = (await expectOk(call<{ requirement: Requirement }>(fx.stack, fx.owner.token, 'getRequirement', { params: req.params! }))).requirement;
      expect(read.status).toBe('withdrawn');
    },
    refused: () => unknownId.map((requirementId) => ({ params: { requirementId } })),
  }),

  renewRequirement: fuzzCase({
    template: () => ({ params: { requirementId: fx.match.requirementId } }),
    valid: () => fc.constant(null),
    validRuns: 3,
    request: () => ({ params: { requirementId: fx.match.requirementId } }),
    roundTrip: async () => {
      const read = (await expectOk(call<{ requirement: Requirement }>(fx.stack, fx.owner.token, 'getRequirement', { params: { requirementId: fx.match.requirementId } }))).requirement;
      expect(read.status).toBe('sent');
      expect(Date.parse(read.expiresAt!) - Date.now()).toBeGreaterThan(89 * 24 * 60 * 60 * 1000);
    },
    // Unknown, or withdrawn (409).
    refused: () => fc.oneof(unknownId, fc.constant(fx.closedRequirementId)).map((requirementId) => ({ params: { requirementId } })),
  }),

  useRenewLink: fuzzCase({
    caller: () => null,
    template: async () => ({ query: { token: await renewToken(fx.match.requirementId) } }),
    valid: () => fc.constant(null),
    validRuns: 3,
    request: async () => ({ query: { token: await renewToken(fx.match.requirementId) } }),
    roundTrip: async (_f, _input, _req, answer) => expect(answer.body).toMatchObject({ state: 'renewed', id: fx.match.requirementId }),
    // Tokens we did not sign, signed for nothing we have, or already used.
    refused: () =>
      fc.oneof(
        fc.string({ minLength: 10, maxLength: 300 }).map((token) => ({ query: { token } })),
        unknownId.map((id) => ({ query: { token: `unsigned.${id}.x` } })),
        fc.constant(null).map(() => ({ query: { token: fx.usedRenewToken } })),
      ),
  }),

  createListing: fuzzCase({
    template: () => ({}),
    valid: () => fc.constantFrom(undefined, {}),
    validRuns: 3,
    request: (_f, body) => ({ body }),
    roundTrip: async (_f, _input, _req, answer) => {
      const listing = await ownListing(answer.body.listingId as string);
      expect(listing.status).toBe('draft');
      expect(pick(listing, draftFields)).toEqual(listingDraft.parse({}));
    },
  }),

  updateListing: fuzzCase({
    template: async () => ({
      params: { listingId: fx.draft.listingId },
      body: { ...listingDraft.parse({}), title: 'T', sqft: 10, highlights: ['a'], version: (await ownListing(fx.draft.listingId)).version },
    }),
    valid: () => draftInput,
    // As the editor saves: the whole draft over the version it holds.
    request: async (_f, body) => ({ params: { listingId: fx.draft.listingId }, body: { ...body, version: (await ownListing(fx.draft.listingId)).version } }),
    roundTrip: async (_f, input) => {
      expect(pick(await ownListing(fx.draft.listingId), draftFields)).toEqual(listingDraft.parse(input));
    },
    // A save over a version the draft no longer has (another tab saved since): 409, nothing saved.
    refused: () =>
      fc.tuple(draftInput, fc.integer({ min: 1, max: 2 ** 40 })).map(([body, ahead]) => ({
        params: { listingId: fx.draft.listingId },
        body: { ...body, version: ahead + 1_000_000 },
      })),
  }),

  deleteListing: fuzzCase({
    template: () => ({ params: { listingId: fx.incomplete.listingId } }),
    valid: () => fc.constant(null),
    validRuns: 6,
    request: async (f) => ({ params: { listingId: (await createDraft(f.stack, f.owner)).listingId } }),
    roundTrip: (_f, _input, req) => expectGone('getListing', req.params!),
    refused: () => unknownId.map((listingId) => ({ params: { listingId } })),
  }),

  publishListing: fuzzCase({
    template: () => ({ params: { listingId: fx.incomplete.listingId } }),
    valid: () => fc.constant(null),
    validRuns: 3,
    request: async (f) => ({ params: { listingId: (await completeDraft(f.stack, f.owner)).listingId } }),
    roundTrip: async (_f, _input, req) => expect((await ownListing(req.params!.listingId!)).status).toBe('queued'),
    // An unknown id, or a draft that is not complete.
    refused: () => fc.oneof(unknownId, fc.constant(fx.incomplete.listingId)).map((listingId) => ({ params: { listingId } })),
  }),

  updateMatch: fuzzCase({
    template: () => ({ params: fx.match, body: { side: 'requirement', state: 'open' } }),
    valid: () => fc.record({ side: fc.constant('requirement' as const), state: oneOf(matchStates) }),
    request: (_f, body) => ({ params: fx.match, body }),
    roundTrip: async (_f, input) => {
      const { items } = await expectOk(
        call<{ items: Match[] }>(fx.stack, fx.owner.token, 'listRequirementMatches', { params: { requirementId: fx.match.requirementId } }),
      );
      expect(items.map((m) => [m.listingId, m.state])).toEqual([[fx.match.listingId, input.state]]);
    },
    // A pair that is no match, or the other broker's side of the owner's match (their listing: 403).
    refused: () =>
      fc.oneof(
        fc.tuple(unknownId, unknownId).map(([requirementId, listingId]) => ({ params: { requirementId, listingId }, body: { side: 'requirement', state: 'dismissed' } })),
        fc.constant({ params: fx.match, body: { side: 'listing', state: 'dismissed' } }),
      ),
  }),

  renewListing: fuzzCase({
    template: () => ({ params: { listingId: fx.ownPublished.listingId } }),
    valid: () => fc.constant(null),
    validRuns: 3,
    request: () => ({ params: { listingId: fx.ownPublished.listingId } }),
    roundTrip: async () => {
      const listing = await ownListing(fx.ownPublished.listingId);
      expect(listing.status).toBe('published');
      expect(Date.parse(listing.expiresAt!) - Date.now()).toBeGreaterThan(119 * 24 * 60 * 60 * 1000);
    },
    // Unknown, or a draft (409).
    refused: () => fc.oneof(unknownId, fc.constant(fx.draft.listingId)).map((listingId) => ({ params: { listingId } })),
  }),

  changeListingPrice: fuzzCase({
    template: async () => ({ params: { listingId: fx.ownPublished.listingId }, body: { price: 1, leasePrice: null, leaseFrequencyId: null, version: (await ownListing(fx.ownPublished.listingId)).version } }),
    valid: () => fc.record({ price: money, leasePrice: money, leaseFrequencyId: fc.oneof(fc.constant(null), oneOf(idsOf(leaseFrequencies))) }),
    request: async (_f, body) => ({ params: { listingId: fx.ownPublished.listingId }, body: { ...body, version: (await ownListing(fx.ownPublished.listingId)).version } }),
    roundTrip: async (_f, input) => {
      const listing = await ownListing(fx.ownPublished.listingId);
      expect(pick(listing, ['price', 'leasePrice', 'leaseFrequencyId'])).toEqual(input);
      expect(listing.priceHistory.at(-1)).toMatchObject({ price: input.price, leasePrice: input.leasePrice });
    },
    // Unknown, a draft (409), or a version it no longer has (409).
    refused: () =>
      fc.oneof(
        fc.oneof(unknownId, fc.constant(fx.draft.listingId)).map((listingId) => ({ params: { listingId }, body: { price: 1, leasePrice: null, leaseFrequencyId: null, version: 0 } })),
        fc.integer({ min: 1_000_000, max: 2 ** 40 }).map((version) => ({ params: { listingId: fx.ownPublished.listingId }, body: { price: 1, leasePrice: null, leaseFrequencyId: null, version } })),
      ),
  }),

  closeListing: fuzzCase({
    template: () => ({ params: { listingId: fx.ownPublished.listingId }, body: { outcome: 'sold' } }),
    valid: () =>
      fc.record(
        { outcome: fc.constantFrom('sold' as const, 'leased' as const), closedOn: fc.date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)) },
        { requiredKeys: ['outcome'] },
      ),
    validRuns: 3,
    request: async (f, body) => {
      const listing = await queuedListing(f.stack, f.owner);
      await runBlastJob();
      return { params: { listingId: listing.listingId }, body };
    },
    roundTrip: async (_f, input, req) => {
      const listing = await ownListing(req.params!.listingId!);
      expect([listing.status, listing.closedOn]).toEqual([input.outcome, input.closedOn ?? null]);
    },
    // Unknown, or a draft (409).
    refused: () => fc.oneof(unknownId, fc.constant(fx.draft.listingId)).map((listingId) => ({ params: { listingId }, body: { outcome: 'leased' } })),
  }),

  adminApproveUser: fuzzCase({
    caller: opOnly,
    template: () => ({ params: { userId: fx.reader.userId } }),
    valid: () => fc.constant(null),
    validRuns: 3,
    request: async (f) => ({ params: { userId: (await newUser(f.stack, 'applicant')).userId } }),
    roundTrip: async (_f, _input, req) => {
      expect((await usersRepository.get(req.params!.userId!))?.status).toBe('active');
      await expectAudited('approve', req.params!.userId!);
    },
    refused: () => unknownId.map((userId) => ({ params: { userId } })),
  }),

  adminDisableUser: fuzzCase({
    caller: opOnly,
    template: () => ({ params: { userId: fx.reader.userId } }),
    valid: () => fc.constant(null),
    validRuns: 3,
    request: async (f) => ({ params: { userId: (await newUser(f.stack, 'leaving')).userId } }),
    roundTrip: async (_f, _input, req) => {
      expect((await usersRepository.get(req.params!.userId!))?.status).toBe('disabled');
      await expectAudited('disable', req.params!.userId!);
    },
    // Unknown ids, and the operator's own account.
    refused: () => fc.oneof(unknownId, fc.constant(fx.operator.userId)).map((userId) => ({ params: { userId } })),
  }),

  adminEnableUser: fuzzCase({
    caller: opOnly,
    template: () => ({ params: { userId: fx.reader.userId } }),
    valid: () => fc.constant(null),
    validRuns: 3,
    request: async (f) => {
      const user = await newUser(f.stack, 'returning');
      await expectOk(call(f.stack, f.operator.token, 'adminDisableUser', { params: { userId: user.userId } }));
      return { params: { userId: user.userId } };
    },
    roundTrip: async (_f, _input, req) => {
      expect((await usersRepository.get(req.params!.userId!))?.status).toBe('awaiting approval');
      await expectAudited('enable', req.params!.userId!);
    },
    refused: () => unknownId.map((userId) => ({ params: { userId } })),
  }),

  adminDeleteListing: fuzzCase({
    caller: opOnly,
    template: () => ({ params: { listingId: fx.incomplete.listingId } }),
    valid: () => fc.constant(null),
    validRuns: 4,
    request: async (f) => ({ params: { listingId: (await createDraft(f.stack, f.owner)).listingId } }),
    roundTrip: async (_f, _input, req) => {
      await expectGone('getListing', req.params!);
      await expectAudited('remove-listing', req.params!.listingId!);
    },
    refused: () => unknownId.map((listingId) => ({ params: { listingId } })),
  }),

  adminDeleteRequirement: fuzzCase({
    caller: opOnly,
    template: () => ({ params: { requirementId: randomUUID() } }),
    valid: () => fc.constant(null),
    validRuns: 4,
    request: async (f) => ({ params: { requirementId: (await createRequirement(f.stack, f.owner)).requirementId } }),
    roundTrip: async (_f, _input, req) => {
      await expectGone('getRequirement', req.params!);
      await expectAudited('remove-requirement', req.params!.requirementId!);
    },
    refused: () => unknownId.map((requirementId) => ({ params: { requirementId } })),
  }),
};

const writeRoutes = routes.filter((route) => route.method !== 'GET');

// ---------------------------------------------------------------------------------------------------------
// Mutations that make a valid request invalid

const hugeString = fc.constantFrom(200_001, 600_000).map((n) => 'x'.repeat(n));
const deepNest = fc.integer({ min: 20, max: 2000 }).map((depth) => JSON.parse(`${'['.repeat(depth)}1${']'.repeat(depth)}`) as unknown);
const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer({ min: -1e15, max: 1e15 }),
  fc.double(),
  fc.constantFrom(-1, 0, 1.5, 1e21, -0.001, 5e-324, 1e-7, Number.MAX_SAFE_INTEGER + 2, true, false, null, '', ' ', '0', '[]', '{}'),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.array(fc.string(), { minLength: 6, maxLength: 300 }),
  fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 5 }),
  fc.object({ maxDepth: 3 }),
  hugeString,
  deepNest,
);
/** Bodies that are not JSON at all, or not the JSON the route wants at its top level. */
const junkRaw = fc.oneof(
  fc.string({ unit: 'binary', minLength: 1, maxLength: 200 }),
  fc.constantFrom('{', '{"a":', '[1,2', 'null', 'true', '"text"', '12', '{"a":1}}', 'email=a%40b.c', '<xml/>', '\u0000', '{"x":1e400}', '{"sqft":NaN}'),
  fc.constant(`{"title":"${'y'.repeat(1_100_000)}"}`),
);
// Not "." or "..": the client resolves those before sending (`/listing/publish/..` is `/listing`).
const pathJunk = fc.oneof(
  fc.string({ unit: 'binary', minLength: 1, maxLength: 80 }).filter((s) => !/^\.{1,2}$/.test(s)),
  fc.constantFrom('%2e%2e', 'a/b', 'a b', "1' OR '1'='1", '$where', '__proto__', 'constructor', 'x'.repeat(65), 'ÿ', '\u0000'),
);

/** One change to a valid request; `what` names it in a counterexample. */
interface Mutation {
  what: string;
  apply: (req: Req) => Req;
}
const body = (req: Req) => (typeof req.body === 'object' && req.body !== null && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {});
const preview = (value: unknown) => {
  const text = typeof value === 'string' ? JSON.stringify(value) : String(JSON.stringify(value));
  return text.length > 80 ? `${text.slice(0, 80)}… (${text.length} chars)` : text;
};

/**
 * One past each limit of the spec table: the smallest refusals, which a schema loosened past the spec would
 * let through. Every one is tried on every run (as fast-check examples) besides being drawn at random.
 */
function overLimitMutations(id: RouteId): Mutation[] {
  return Object.entries(specForms[id]?.form ?? {}).flatMap(([field, rule]) => {
    const values: unknown[] = [];
    if (rule.kind === 'text' && Number.isFinite(rule.max)) values.push('x'.repeat(rule.max + 1));
    if (rule.kind === 'lines') values.push(Array(rule.maxItems + 1).fill('a'), ['x'.repeat(rule.itemMax + 1)]);
    if (rule.kind === 'sqft' || rule.kind === 'money') values.push(rule.max + 1);
    return values.map((value) => ({
      what: `body.${field} one past its limit (${preview(value)})`,
      apply: (req: Req) => ({ ...req, body: { ...body(req), [field]: value } }),
    }));
  });
}

function mutation(id: RouteId, template: Req): fc.Arbitrary<Mutation> {
  const schema = contract[id].body as { shape?: Record<string, unknown>; def?: { in?: { shape?: Record<string, unknown> } } };
  const keys = [...new Set([...Object.keys(body(template)), ...Object.keys(schema.shape ?? schema.def?.in?.shape ?? {})])];
  const key = keys.length ? fc.constantFrom(...keys) : fc.constant('field');
  const params = Object.keys(template.params ?? {});
  const options: fc.Arbitrary<Mutation>[] = [
    fc.tuple(key, junkValue).map(([k, v]) => ({ what: `body.${k} = ${preview(v)}`, apply: (req: Req) => ({ ...req, body: { ...body(req), [k]: v } }) })),
    key.map((k) => ({
      what: `body.${k} removed`,
      apply: (req: Req) => {
        const { [k]: _dropped, ...rest } = body(req);
        return { ...req, body: rest };
      },
    })),
    fc.anything({ maxDepth: 2 }).map((v) => ({ what: `body = ${preview(v)}`, apply: (req: Req) => ({ ...req, body: v }) })),
    fc.tuple(fc.string({ minLength: 1, maxLength: 20 }), junkValue).map(([k, v]) => ({
      what: `body[${JSON.stringify(k)}] = ${preview(v)}`,
      apply: (req: Req) => ({ ...req, body: { ...body(req), [k]: v } }),
    })),
    junkRaw.map((raw) => ({ what: `raw body ${preview(raw)}`, apply: (req: Req) => ({ ...req, raw }) })),
    // A JSON body announced as a form: decoded as a form, its fields are gone.
    fc.constant({
      what: 'JSON body sent as a form',
      apply: (req: Req) => ({ ...req, raw: JSON.stringify(req.body ?? {}), contentType: 'application/x-www-form-urlencoded' }),
    }),
  ];
  const overLimit = overLimitMutations(id);
  if (overLimit.length) options.push(fc.constantFrom(...overLimit));
  if (params.length) {
    options.push(
      fc.tuple(fc.constantFrom(...params), pathJunk).map(([p, v]) => ({
        what: `params.${p} = ${preview(v)}`,
        apply: (req: Req) => ({ ...req, params: { ...req.params, [p]: v } }),
      })),
    );
  }
  if (id === 'unsubscribeOneClick' || id === 'updateUnsubscribeLink') {
    options.push(
      fc.oneof(fc.string({ maxLength: 9 }), fc.string({ minLength: 1025, maxLength: 1100 })).map((token) => ({
        what: `query.token = ${preview(token)}`,
        apply: (req: Req) => ({ ...req, query: { token } }),
      })),
    );
  }
  return fc.oneof(...options);
}

// ---------------------------------------------------------------------------------------------------------

// A property is tens of requests: 3 s on a quiet machine, a minute when the machine is busy. Past a timeout
// its requests would go on writing into the next property's store check.
vi.setConfig({ testTimeout: 240_000 });

const INVALID_RUNS = 50;
const VALID_RUNS = 25;
const REFUSED_RUNS = 20;

beforeAll(async () => {
  // The unsubscribe form is sent many times for one address from one client here.
  const stack = await startStack({ unsubscribeRequestLimits: { perAddress: 1000, perClient: 1000 } });
  const operator = await newUser(stack, 'operator', { operator: true });
  await expectOk(call(stack, operator.token, 'adminApproveUser', { params: { userId: operator.userId } }));
  const [owner, reader, lister] = await Promise.all([
    newApprovedBroker(stack, operator, 'owner'),
    newUser(stack, 'reader'),
    newApprovedBroker(stack, operator, 'lister'),
  ]);
  const listing = await queuedListing(stack, lister, { sqft: 8000 });
  const ownPublished = await queuedListing(stack, owner);
  await runBlastJob();
  const requirement = await createRequirement(stack, owner);
  await runBroadcast();
  fx = {
    stack,
    owner,
    operator,
    reader,
    draft: await createDraft(stack, owner),
    incomplete: await createDraft(stack, owner),
    match: { requirementId: requirement.requirementId, listingId: listing.listingId },
    closedRequirementId: (await createRequirement(stack, owner)).requirementId,
    usedRenewToken: await renewToken(requirement.requirementId),
    ownPublished,
    savedSearchId: '',
  };
  fx.savedSearchId = await newSearch();
  await expectOk(call(stack, reader.token, 'requestDelegation', { body: { brokerEmail: owner.email } }));
  await expectOk(call(stack, null, 'useRenewLink', { query: { token: fx.usedRenewToken } }));
  await expectOk(call(stack, owner.token, 'withdrawRequirement', { params: { requirementId: fx.closedRequirementId } }));
}, 120_000);

afterAll(async () => fx?.stack.stop());

/** Runs `property` and asserts the whole store (table, bucket, mail) is as it was before. */
async function persistsNothing(what: string, property: () => Promise<void>): Promise<void> {
  const before = await storeSnapshot(fx.stack);
  await property();
  expect(await storeSnapshot(fx.stack), `${what} persisted something`).toEqual(before);
}

const refusal = (answer: Answer, label: string) => {
  expect(answer.status, `${label}: ${JSON.stringify(answer.body).slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  expect(answer.status, label).toBeLessThan(500);
};

/**
 * Phase by phase rather than route by route: every "nothing persisted" check compares two Scans of the whole
 * store, and before the valid phase the store holds the fixture only, not every earlier route's accepted
 * writes (measured: the snapshots were about a third of the file's time, most of it reading those writes).
 */
describe('fuzzing every write route', () => {
  it('covers every POST, PUT and DELETE of the route table (and nothing else)', () => {
    const fuzzed = Object.entries(cases).filter(([, c]) => c !== 'read-only').map(([id]) => id);
    expect(fuzzed.sort()).toEqual(writeRoutes.map((r) => r.id).sort());
  });

  const eachRoute = describe.each(writeRoutes.map((route) => [route.id] as const));
  const fuzz = (id: RouteId) => cases[id] as AnyCase;

  eachRoute('%s', (id) => {
    it('invalid input: a 4xx, never a 5xx, and nothing persisted', async () => {
      const c = fuzz(id);
      const template = await c.template(fx);
      await persistsNothing(id, () =>
        fc.assert(
          fc.asyncProperty(mutation(id, template), async (mutate) => {
            const req = mutate.apply(template);
            fc.pre(!valid(id, req));
            refusal(await send(tokenOf(c), id, req), id);
          }),
          { numRuns: INVALID_RUNS, examples: overLimitMutations(id).map((m) => [m]) },
        ),
      );
    });

    it('well-formed requests the domain refuses: a 4xx, and nothing persisted', async () => {
      const c = fuzz(id);
      if (!c.refused) return;
      await persistsNothing(id, () =>
        fc.assert(
          fc.asyncProperty(c.refused!(fx), async (req) => {
            refusal(await send(tokenOf(c), id, req), id);
          }),
          { numRuns: REFUSED_RUNS },
        ),
      );
    });

    it('prototype-pollution keys are ignored and pollute nothing', async () => {
      const c = fuzz(id);
      const template = await c.template(fx);
      const raw = JSON.stringify(template.body ?? {}).replace(
        /^\{/,
        '{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}},"prototype":{"polluted":"yes"},',
      ).replace(/,\}$/, '}');
      const answer = await send(tokenOf(c), id, { ...template, raw });
      expect(answer.status).toBeLessThan(500);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(JSON.stringify((await storeSnapshot(fx.stack)).items)).not.toContain('polluted');
    });
  });

  eachRoute('%s', (id) => {
    it('valid input: accepted and read back as sent', async () => {
      const c = fuzz(id);
      await fc.assert(
        fc.asyncProperty(c.valid(fx), async (input) => {
          const req = await c.request(fx, input as never);
          expect(valid(id, req), `generated an invalid request: ${JSON.stringify(req).slice(0, 300)}`).toBe(true);
          const answer = await send(tokenOf(c), id, req);
          expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBeLessThan(300);
          await c.roundTrip(fx, input as never, req, answer);
        }),
        { numRuns: c.validRuns ?? VALID_RUNS },
      );
    });
  });
});
