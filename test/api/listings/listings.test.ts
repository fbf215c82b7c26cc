import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notApprovedMessage } from '../../../lambdas/core/errors';
import { listingDraft, type Listing, type ListingPage, type ListingSummary } from '../../../shared/api';
import type { LocalStack } from '../../../lib/local/stack';
import {
  bucketKeys,
  call,
  completeDraft,
  createDraft,
  expectOk,
  getListing,
  newApprovedBroker,
  newUser,
  putDraft,
  queuedListing,
  runBlastJob,
  saveDraft,
  startStack,
  testImage,
  uploadPhoto,
  validDraft,
  type Broker,
} from './support';

let stack: LocalStack;
let operator: Broker;
let owner: Broker;
let other: Broker;
let unapproved: Broker;

/** The owner's personal info as every test here expects it, with `phone` as given. */
const setOwnerInfo = (phone = '9165550123') =>
  expectOk(
    call(stack, owner.token, 'updatePersonalInfo', {
      params: { userId: owner.userId },
      body: { firstName: 'Olive', lastName: 'Owner', title: 'Broker', license: 'DRE 7', phone },
    }),
  );

beforeAll(async () => {
  stack = await startStack();
  operator = await newUser(stack, 'operator', { operator: true });
  [owner, other, unapproved] = await Promise.all([
    newApprovedBroker(stack, operator, 'owner'),
    newApprovedBroker(stack, operator, 'other'),
    newUser(stack, 'unapproved'),
  ]);
  await setOwnerInfo();
});

afterAll(async () => stack?.stop());

const stored = async (listingId: string) => (await getListing(stack, owner, listingId)).body.listing;

describe('create', () => {
  it('makes an empty draft owned by the caller (201)', async () => {
    const answer = await call<{ listingId: string; listing: Listing }>(stack, owner.token, 'createListing');
    expect(answer.status).toBe(201);
    expect(answer.body.listingId).toBe(answer.body.listing.listingId);
    expect(answer.body.listing).toMatchObject({
      status: 'draft',
      userId: owner.userId,
      title: '',
      type: null,
      propertyType: null,
      market: null,
      images: [],
      location: null,
      publishedOn: null,
      expiresAt: null,
      user: { _id: owner.userId, firstName: 'Olive', phone: '9165550123' },
    });
  });

  it('refuses brokers awaiting approval (403) and callers without a token (401)', async () => {
    expect(await call(stack, unapproved.token, 'createListing')).toMatchObject({ status: 403, body: { message: notApprovedMessage } });
    expect((await call(stack, null, 'createListing')).status).toBe(401);
  });
});

describe('update', () => {
  it('saves the whole draft, resolves catalogue names and geocodes the ZIP', async () => {
    const draft = await createDraft(stack, owner);
    const { listing } = await expectOk(saveDraft(stack, owner, draft.listingId, validDraft({ title: 'J Street office' })));
    expect(listing).toMatchObject({
      title: 'J Street office',
      status: 'draft',
      type: { listingTypeId: 'for-sale-or-lease', name: 'For Sale or Lease' },
      propertyType: { propertyTypeId: 'office', name: 'Office' },
      market: { marketId: 'sac-midtown', name: 'Midtown', countyName: 'Sacramento' },
      price: 1250000,
      leasePrice: 1.5,
      highlights: ['Parking', 'Light rail', '', '', ''],
    });
    expect(listing.location!.lat).toBeCloseTo(38.58, 1);
    expect(listing.location!.lng).toBeCloseTo(-121.49, 1);

    // A new ZIP moves the pin; an unknown one clears it.
    const moved = await expectOk(saveDraft(stack, owner, draft.listingId, validDraft({ city: 'Roseville', zipCode: '95661' })));
    expect(moved.listing.location!.lat).toBeCloseTo(38.73, 1);
    const unknown = await expectOk(saveDraft(stack, owner, draft.listingId, validDraft({ zipCode: '00001' })));
    expect(unknown.listing.location).toBeNull();
  });

  it('refuses an empty body, an unknown key and fields the server decides (400), and keeps the draft as it was', async () => {
    const draft = await completeDraft(stack, owner, { title: 'Complete draft' });
    const before = await stored(draft.listingId);
    const bodies: [unknown, RegExp][] = [
      [{}, /expected/],
      [{ tittle: 'Typo' }, /expected|Unrecognized/],
      [{ ...listingDraft.parse({}), version: draft.version, tittle: 'Typo' }, /Unrecognized key/],
      [{ ...validDraft(), version: draft.version, status: 'published', userId: other.userId, listingId: 'x' }, /Unrecognized key/],
      [{ ...validDraft() }, /expected number/], // no version
    ];
    for (const [body, message] of bodies) {
      const answer = await putDraft(stack, owner, draft.listingId, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect((answer.body as unknown as { message: string }).message).toMatch(message);
    }
    expect(await stored(draft.listingId)).toEqual(before);
  });

  it('two saves based on the same version: exactly one wins, the other gets 409 with the current version', async () => {
    const draft = await createDraft(stack, owner);
    const [a, b] = await Promise.all(
      ['Tab A title', 'Tab B title'].map((title) => putDraft(stack, owner, draft.listingId, { ...validDraft({ title }), version: draft.version })),
    );
    const answers = [a!, b!];
    expect(answers.map((x) => x.status).sort()).toEqual([200, 409]);
    const winner = answers.find((x) => x.status === 200)!.body as { listing: Listing };
    const loser = answers.find((x) => x.status === 409)!.body as unknown as { message: string; currentVersion: number };
    expect(loser.message).toMatch(/changed elsewhere/);
    expect(loser.currentVersion).toBe(draft.version + 1);
    const after = await stored(draft.listingId);
    expect(after.title).toBe(winner.listing.title);
    expect(after.version).toBe(draft.version + 1);

    // The loser overwrites on purpose with the version it was told: saved.
    const overwrite = await putDraft(stack, owner, draft.listingId, { ...validDraft({ title: 'Overwritten' }), version: loser.currentVersion });
    expect(overwrite.status).toBe(200);
    expect((await stored(draft.listingId)).title).toBe('Overwritten');
  });

  it('a photo added or removed raises the version, so a save based on the version before it is refused', async () => {
    const draft = await createDraft(stack, owner);
    const uploaded = await expectOk(uploadPhoto(stack, owner, draft.listingId, await testImage()));
    expect(uploaded.version).toBe(draft.version + 1);
    const stale = await putDraft(stack, owner, draft.listingId, { ...validDraft(), version: draft.version });
    expect(stale).toMatchObject({ status: 409, body: { currentVersion: uploaded.version } });
  });

  it.each([
    ['brochureUrl', { brochureUrl: 'not a url' }, 'Please enter a valid URL.'],
    ['listingTypeId', { listingTypeId: 'for-rent' }, 'You must select a listing type.'],
    ['propertyTypeId', { propertyTypeId: 'castle' }, 'You must select a property type.'],
    ['leaseFrequencyId', { leaseFrequencyId: 'weekly' }, 'You must select a lease frequency.'],
    ['zipCode', { zipCode: '958' }, 'ZIP code is required'],
  ])('refuses a bad %s with its message', async (field, overrides, message) => {
    const draft = await createDraft(stack, owner);
    // Values the schema refuses: sent as the raw body, past the typed helper.
    const answer = await saveDraft(stack, owner, draft.listingId, { ...validDraft(), ...overrides });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ fieldErrors: { [field]: [message] } });
  });

  it('refuses another broker: 404 on a draft, 403 on a published listing; nothing changes', async () => {
    const draft = await completeDraft(stack, owner, { title: 'Mine' });
    const refused = await saveDraft(stack, other, draft.listingId, validDraft({ title: 'Theirs' }));
    expect(refused).toMatchObject({ status: 404, body: { message: 'Listing not found' } });
    expect((await stored(draft.listingId)).title).toBe('Mine');

    const published = await queuedListing(stack, owner, { title: 'Published mine' });
    await runBlastJob();
    const forbidden = await saveDraft(stack, other, published.listingId, validDraft({ title: 'Theirs' }));
    expect(forbidden).toMatchObject({ status: 403, body: { message: 'You can only change your own listings.' } });
    expect((await stored(published.listingId)).title).toBe('Published mine');
  });

  it('refuses edits once the listing is queued (409 "Only drafts can be edited.")', async () => {
    const queued = await queuedListing(stack, owner, { title: 'Queued' });
    const answer = await saveDraft(stack, owner, queued.listingId, validDraft({ title: 'Changed' }));
    expect(answer).toMatchObject({ status: 409, body: { message: 'Only drafts can be edited.' } });
    expect((await stored(queued.listingId)).title).toBe('Queued');
    // Photos neither.
    const presign = await call(stack, owner.token, 'presignListingImage', {
      params: { listingId: queued.listingId },
      body: { contentType: 'image/jpeg', size: 1000 },
    });
    expect(presign).toMatchObject({ status: 409, body: { message: 'Only drafts can be edited.' } });
  });

  it('answers 404 for an unknown listing', async () => {
    expect((await saveDraft(stack, owner, 'no-such-listing', validDraft())).status).toBe(404);
  });
});

describe('publish', () => {
  it('queues only the version whose completeness was checked: a save in between makes the queueing write fail', async () => {
    const { listingsRepository } = await import('../../../lambdas/data/listings');
    const draft = await completeDraft(stack, owner);
    // What publish checked: version n, complete. Then a save empties it (version n + 1) before the queueing write.
    await expectOk(putDraft(stack, owner, draft.listingId, { ...validDraft({ title: '', description: '' }), version: draft.version }));
    expect(await listingsRepository.queue(draft.listingId, draft.version)).toBeNull();
    expect((await stored(draft.listingId)).status).toBe('draft');
  });

  it('never queues content nobody checked: publish racing a save that empties the draft, 20 rounds', async () => {
    let queuedIncomplete = 0;
    for (let round = 0; round < 20; round++) {
      const draft = await completeDraft(stack, owner);
      const [published, emptied] = await Promise.all([
        call<{ listing: Listing }>(stack, owner.token, 'publishListing', { params: { listingId: draft.listingId } }),
        putDraft(stack, owner, draft.listingId, { ...validDraft({ title: '', description: '' }), version: draft.version }),
      ]);
      const after = await stored(draft.listingId);
      if (after.status !== 'draft' && (!after.title || !after.description)) queuedIncomplete++;
      // Whichever went first, the other was refused (409, or 400 for publishing the emptied draft): never both.
      expect([published.status, emptied.status], `round ${round}`).not.toEqual([200, 200]);
    }
    expect(queuedIncomplete).toBe(0);
  });

  it('refuses an incomplete draft (400) and names every missing flag', async () => {
    const draft = await createDraft(stack, owner);
    await expectOk(saveDraft(stack, owner, draft.listingId, { title: 'Only a title', propertyTypeId: 'retail' }));
    const answer = await call<{ message: string; fieldErrors: Record<string, string[]> }>(stack, owner.token, 'publishListing', {
      params: { listingId: draft.listingId },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Complete the listing before publishing. Missing: Listing Type, Market, Address, Listing Image, Description.');
    expect(Object.keys(answer.body.fieldErrors).sort()).toEqual(['address', 'description', 'image', 'listingType', 'market']);
    expect((await stored(draft.listingId)).status).toBe('draft');
  });

  it('refuses a complete draft without a photo', async () => {
    const draft = await createDraft(stack, owner);
    await expectOk(saveDraft(stack, owner, draft.listingId, validDraft()));
    const answer = await call(stack, owner.token, 'publishListing', { params: { listingId: draft.listingId } });
    expect(answer).toMatchObject({ status: 400, body: { fieldErrors: { image: ['Listing Image is required.'] } } });
  });

  it('queues a complete draft; publishing twice is 409; others get 404; the unapproved get 403', async () => {
    const draft = await completeDraft(stack, owner);
    expect((await call(stack, other.token, 'publishListing', { params: { listingId: draft.listingId } })).status).toBe(404);
    expect((await call(stack, unapproved.token, 'publishListing', { params: { listingId: draft.listingId } })).status).toBe(403);
    const { listing } = await expectOk(call<{ listing: Listing }>(stack, owner.token, 'publishListing', { params: { listingId: draft.listingId } }));
    expect(listing).toMatchObject({ status: 'queued', publishedOn: null });
    const again = await call(stack, owner.token, 'publishListing', { params: { listingId: draft.listingId } });
    expect(again).toMatchObject({ status: 409, body: { message: 'Only drafts can be published.' } });
  });
});

describe('detail', () => {
  it('shows drafts and queued listings to their owner only; everyone sees published ones with the contact card', async () => {
    const queued = await queuedListing(stack, owner);
    expect((await getListing(stack, owner, queued.listingId)).body.listing.status).toBe('queued');
    expect(await getListing(stack, other, queued.listingId)).toMatchObject({ status: 404, body: { message: 'Listing not found' } });
    expect((await getListing(stack, operator, queued.listingId)).status).toBe(200);

    await runBlastJob();
    const seen = await expectOk(getListing(stack, other, queued.listingId));
    expect(seen.listing).toMatchObject({
      status: 'published',
      user: { _id: owner.userId, firstName: 'Olive', lastName: 'Owner', license: 'DRE 7', email: owner.email },
    });
    expect(seen.listing.images[0]!.large).toMatch(/^http:\/\/localhost:\d+\/bisn-images-local\/listings\/.+\/large\/.+\.jpg$/);
    expect((await getListing(stack, other, 'no-such-listing')).status).toBe(404);
  });

  it("shows the owner's edited contact card at once where the edit was made (the card is remembered 30 s elsewhere)", async () => {
    const listing = await queuedListing(stack, owner);
    await runBlastJob();
    expect((await expectOk(getListing(stack, other, listing.listingId))).listing.user?.phone).toBe('9165550123');
    await setOwnerInfo('9165550199');
    expect((await expectOk(getListing(stack, other, listing.listingId))).listing.user?.phone).toBe('9165550199');
    await setOwnerInfo();
  });
});

describe('delete', () => {
  it('refuses another broker (404 draft, 403 published) and changes nothing', async () => {
    const draft = await completeDraft(stack, owner);
    expect((await call(stack, other.token, 'deleteListing', { params: { listingId: draft.listingId } })).status).toBe(404);
    expect((await getListing(stack, owner, draft.listingId)).status).toBe(200);

    const published = await queuedListing(stack, owner);
    await runBlastJob();
    expect((await call(stack, other.token, 'deleteListing', { params: { listingId: published.listingId } })).status).toBe(403);
    expect((await getListing(stack, other, published.listingId)).status).toBe(200);
    expect(await bucketKeys(stack, `listings/${published.listingId}/`)).toHaveLength(3);
  });

  it('removes a published listing with its images and browse entries', async () => {
    const published = await queuedListing(stack, owner, { propertyTypeId: 'flex' });
    await runBlastJob();
    const browse = () => expectOk(call<ListingPage>(stack, other.token, 'listListings', { query: { propertyTypeId: 'flex' } }));
    expect((await browse()).items.map((i) => i.listingId)).toContain(published.listingId);

    expect(await expectOk(call(stack, owner.token, 'deleteListing', { params: { listingId: published.listingId } }))).toEqual({ ok: true });
    expect((await getListing(stack, owner, published.listingId)).status).toBe(404);
    expect((await browse()).items.map((i) => i.listingId)).not.toContain(published.listingId);
    expect(await bucketKeys(stack, `listings/${published.listingId}/`)).toEqual([]);
    expect((await call(stack, owner.token, 'deleteListing', { params: { listingId: published.listingId } })).status).toBe(404);
  });

  it('takes a queued listing out of the next blast', async () => {
    const queued = await queuedListing(stack, owner);
    await expectOk(call(stack, owner.token, 'deleteListing', { params: { listingId: queued.listingId } }));
    const report = (await runBlastJob()) as { runs: { listings: number }[] };
    expect(report.runs.reduce((n, r) => n + r.listings, 0)).toBe(0);
  });

  it('lets operators remove any listing; brokers cannot use the operator route', async () => {
    const draft = await completeDraft(stack, owner);
    expect((await call(stack, other.token, 'adminDeleteListing', { params: { listingId: draft.listingId } })).status).toBe(403);
    await expectOk(call(stack, operator.token, 'adminDeleteListing', { params: { listingId: draft.listingId } }));
    expect((await getListing(stack, owner, draft.listingId)).status).toBe(404);
    expect(await bucketKeys(stack, `listings/${draft.listingId}/`)).toEqual([]);
    expect((await call(stack, operator.token, 'adminDeleteListing', { params: { listingId: draft.listingId } })).status).toBe(404);
  });
});

describe('browse, my listings and the recent count', () => {
  it('lists only published listings, newest first, filtered by each field, paged with a cursor', async () => {
    const seller = await newApprovedBroker(stack, operator, 'seller');
    const industrial = await queuedListing(stack, seller, { propertyTypeId: 'industrial', listingTypeId: 'for-lease', marketId: 'placer-rocklin' });
    await runBlastJob();
    const older = await queuedListing(stack, seller, { propertyTypeId: 'industrial', listingTypeId: 'for-sale-user', marketId: 'yolo-davis' });
    await runBlastJob();
    const newest = await queuedListing(stack, seller, { propertyTypeId: 'industrial', listingTypeId: 'for-lease', marketId: 'yolo-davis' });
    await runBlastJob();
    const stillDraft = await completeDraft(stack, seller, { propertyTypeId: 'industrial' });

    const page = (query: Record<string, string | number>) =>
      expectOk(call<ListingPage>(stack, other.token, 'listListings', { query }));
    const ids = (items: ListingSummary[]) => items.map((i) => i.listingId);

    const all = await page({ propertyTypeId: 'industrial' });
    expect(ids(all.items)).toEqual([newest.listingId, older.listingId, industrial.listingId]);
    expect(ids(all.items)).not.toContain(stillDraft.listingId);
    expect(all.nextCursor).toBeNull();
    expect(all.items[0]).toMatchObject({
      status: 'published',
      type: { listingTypeId: 'for-lease', name: 'For Lease' },
      propertyType: { propertyTypeId: 'industrial', name: 'Industrial' },
      market: { marketId: 'yolo-davis', name: 'Davis', countyName: 'Yolo' },
      sqft: 12500,
    });
    expect(all.items[0]!.thumbnail).toMatch(/\/thumbnail\/.+\.jpg$/);
    expect(all.items[0]!.publishedOn).toBeTruthy();

    expect(ids((await page({ propertyTypeId: 'industrial', listingTypeId: 'for-lease' })).items)).toEqual([newest.listingId, industrial.listingId]);
    expect(ids((await page({ propertyTypeId: 'industrial', marketId: 'yolo-davis' })).items)).toEqual([newest.listingId, older.listingId]);
    expect(ids((await page({ listingTypeId: 'for-sale-user', propertyTypeId: 'industrial', marketId: 'yolo-davis' })).items)).toEqual([older.listingId]);
    expect((await page({ propertyTypeId: 'industrial', marketId: 'sutter-county' })).items).toEqual([]);
    expect(ids((await page({ propertyTypeId: 'industrial', listingTypeId: 'ALL', marketId: 'ALL' })).items)).toHaveLength(3);

    const first = await page({ propertyTypeId: 'industrial', limit: 2 });
    expect(ids(first.items)).toEqual([newest.listingId, older.listingId]);
    const second = await page({ propertyTypeId: 'industrial', limit: 2, cursor: first.nextCursor! });
    expect(ids(second.items)).toEqual([industrial.listingId]);

    expect((await call(stack, other.token, 'listListings', { query: { limit: 26 } })).status).toBe(400);
    expect((await call(stack, other.token, 'listListings', { query: { cursor: 'garbage' } })).status).toBe(400);
    expect((await call(stack, other.token, 'listListings', { query: { propertyTypeId: 'castle' } })).status).toBe(400);
    expect((await call(stack, null, 'listListings')).status).toBe(401);
  });

  it('lists the owner’s listings in every status, newest first; another broker’s list is 403', async () => {
    const seller = await newApprovedBroker(stack, operator, 'mine');
    const published = await queuedListing(stack, seller, { title: 'A published' });
    await runBlastJob();
    const queued = await queuedListing(stack, seller, { title: 'B queued' });
    const draft = await createDraft(stack, seller);
    const { items } = await expectOk(call<{ items: ListingSummary[] }>(stack, seller.token, 'listMyListings', { params: { userId: seller.userId } }));
    expect(items.map((i) => [i.listingId, i.status])).toEqual([
      [draft.listingId, 'draft'],
      [queued.listingId, 'queued'],
      [published.listingId, 'published'],
    ]);
    expect((await call(stack, other.token, 'listMyListings', { params: { userId: seller.userId } })).status).toBe(403);
  });

  it('counts listings published in the last 7 days', async () => {
    const count = async () => (await expectOk(call<{ count: number }>(stack, other.token, 'countRecentListings'))).count;
    await runBlastJob(); // what earlier tests left queued
    const before = await count();
    await queuedListing(stack, owner);
    expect(await count()).toBe(before);
    await runBlastJob();
    expect(await count()).toBe(before + 1);
    // Published 8 days ago: not recent.
    await queuedListing(stack, owner);
    await runBlastJob({ now: new Date(Date.now() - 8 * 24 * 3600 * 1000).toISOString() });
    expect(await count()).toBe(before + 1);
  });
});
