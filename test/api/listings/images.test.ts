import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageReadFailed, wrongImageType, type Listing } from '../../../shared/api';
import type { LocalStack } from '../../../lib/local/stack';
import {
  bucketKeys,
  call,
  createDraft,
  expectOk,
  finalise,
  getListing,
  newApprovedBroker,
  newUser,
  postToS3,
  presign,
  putDraft,
  startStack,
  testImage,
  testPdf,
  uploadPhoto,
  uploadedBrochure,
  validDraft,
  type Broker,
} from './support';

let stack: LocalStack;
let owner: Broker;
let other: Broker;
let unapproved: Broker;

beforeAll(async () => {
  stack = await startStack();
  const operator = await newUser(stack, 'operator', { operator: true });
  [owner, other, unapproved] = await Promise.all([
    newApprovedBroker(stack, operator, 'owner'),
    newApprovedBroker(stack, operator, 'other'),
    newUser(stack, 'unapproved'),
  ]);
});

afterAll(async () => stack?.stop());

const MB = 1024 * 1024;
const prefixOf = (listingId: string) => `listings/${listingId}/`;

/** Presign as `declared`, then send `bytes` as that type: what a browser (or someone lying) would do. */
async function sendAs(listingId: string, bytes: Uint8Array, declared: 'image/jpeg' | 'image/png' | 'image/webp', declaredSize = bytes.byteLength) {
  const presigned = await expectOk(presign(stack, owner, listingId, declared, declaredSize));
  await postToS3(presigned, bytes, declared);
  return finalise(stack, owner, listingId, presigned.key);
}

describe('presign', () => {
  it('answers a presigned POST bound to the listing, the declared type and the 5 MB cap', async () => {
    const draft = await createDraft(stack, owner);
    const presigned = await expectOk(presign(stack, owner, draft.listingId, 'image/webp', 1234));
    expect(presigned.key).toMatch(new RegExp(`^listings/${draft.listingId}/uploads/[0-9a-f-]{36}$`));
    expect(presigned.url).toBe(`${stack.urls.s3}/bisn-images-local`);
    expect(presigned.fields).toMatchObject({ key: presigned.key, 'Content-Type': 'image/webp' });
    const policy = JSON.parse(Buffer.from(presigned.fields.Policy!, 'base64').toString()) as { expiration: string; conditions: unknown[] };
    expect(policy.conditions).toContainEqual(['content-length-range', 1, 5 * MB]);
    expect(policy.conditions).toContainEqual(['eq', '$Content-Type', 'image/webp']);
    expect(new Date(policy.expiration).getTime() - Date.now()).toBeLessThanOrEqual(5 * 60 * 1000);
  });

  it('refuses a type other than JPEG, PNG or WebP, and a declared size over 5 MB (413)', async () => {
    const draft = await createDraft(stack, owner);
    for (const type of ['image/gif', 'image/svg+xml', 'text/html']) {
      expect(await presign(stack, owner, draft.listingId, type, 1000)).toMatchObject({ status: 400, body: { message: wrongImageType } });
    }
    expect(await presign(stack, owner, draft.listingId, 'image/jpeg', 5 * MB + 1)).toMatchObject({
      status: 413,
      body: { message: 'Image size must be less than 5MB.' },
    });
  });

  it('refuses someone else’s listing (404) and brokers awaiting approval (403)', async () => {
    const draft = await createDraft(stack, owner);
    expect((await presign(stack, other, draft.listingId, 'image/jpeg', 1000)).status).toBe(404);
    expect((await presign(stack, unapproved, draft.listingId, 'image/jpeg', 1000)).status).toBe(403);
  });
});

describe('finalise', () => {
  it('makes thumbnail, medium and large JPEGs from a PNG and a WebP, and removes the raw upload', async () => {
    const draft = await createDraft(stack, owner);
    const first = await expectOk(uploadPhoto(stack, owner, draft.listingId, await testImage('png', 2400, 1600), 'image/png'));
    const { images } = await expectOk(uploadPhoto(stack, owner, draft.listingId, await testImage('webp', 640, 480), 'image/webp'));
    expect(first.images).toHaveLength(1);
    expect(images).toHaveLength(2);
    for (const [variant, width] of [['thumbnail', 320], ['medium', 800], ['large', 1600]] as const) {
      const response = await fetch(images[0]![variant]);
      expect(response.headers.get('content-type')).toBe('image/jpeg');
      const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect([meta.format, meta.width]).toEqual(['jpeg', width]);
    }
    // A small photo is never enlarged.
    const large = await sharp(Buffer.from(await (await fetch(images[1]!.large)).arrayBuffer())).metadata();
    expect(large.width).toBe(640);
    const keys = await bucketKeys(stack, prefixOf(draft.listingId));
    expect(keys).toHaveLength(6);
    expect(keys.filter((k) => k.includes('/uploads/'))).toEqual([]);
    expect((await getListing(stack, owner, draft.listingId)).body.listing.images).toEqual(images);
  });

  it('judges the type by the bytes: a PNG declared as JPEG is refused, and so are SVG and HTML declared as PNG', async () => {
    const draft = await createDraft(stack, owner);
    const refusals = [
      [await testImage('png', 100, 100), 'image/jpeg'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'image/png'],
      [Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'), 'image/png'],
      [Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;'), 'image/webp'],
    ] as const;
    for (const [bytes, declared] of refusals) {
      expect(await sendAs(draft.listingId, bytes, declared)).toMatchObject({ status: 400, body: { message: wrongImageType } });
    }
    expect(await bucketKeys(stack, prefixOf(draft.listingId))).toEqual([]);
    expect((await getListing(stack, owner, draft.listingId)).body.listing.images).toEqual([]);
  });

  it('refuses bytes that look like a JPEG but do not decode', async () => {
    const draft = await createDraft(stack, owner);
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(4096, 1)]);
    expect(await sendAs(draft.listingId, broken, 'image/jpeg')).toMatchObject({ status: 400, body: { message: imageReadFailed } });
    expect(await bucketKeys(stack, prefixOf(draft.listingId))).toEqual([]);
  });

  it('refuses an upload over 5 MB (413) even when the declared size lied', async () => {
    const draft = await createDraft(stack, owner);
    const big = await sharp({ create: { width: 1800, height: 1800, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.byteLength).toBeGreaterThan(5 * MB);
    expect(await sendAs(draft.listingId, big, 'image/png', 1000)).toMatchObject({
      status: 413,
      body: { message: 'Image size must be less than 5MB.' },
    });
    expect(await bucketKeys(stack, prefixOf(draft.listingId))).toEqual([]);
  });

  it('refuses uploads across listings: someone else’s listing (404), a key from another listing (403); nothing stored', async () => {
    const mine = await createDraft(stack, owner);
    const theirs = await createDraft(stack, other);
    const presigned = await expectOk(presign(stack, owner, mine.listingId, 'image/jpeg', 10_000));
    await postToS3(presigned, await testImage('jpeg', 200, 200), 'image/jpeg');

    // Another broker finalising onto my listing, with my key.
    expect((await finalise(stack, other, mine.listingId, presigned.key)).status).toBe(404);
    // Another broker finalising my upload onto their own listing: the key is not under their listing.
    expect((await finalise(stack, other, theirs.listingId, presigned.key)).status).toBe(403);
    expect(await bucketKeys(stack, prefixOf(theirs.listingId))).toEqual([]);
    expect((await getListing(stack, other, theirs.listingId)).body.listing.images).toEqual([]);
    // The upload itself is still there for me, untouched.
    expect(await bucketKeys(stack, prefixOf(mine.listingId))).toEqual([presigned.key]);
    expect((await finalise(stack, owner, mine.listingId, presigned.key)).status).toBe(200);
  });

  it('answers "Upload not found" for a key that was never uploaded; finalising it again answers the same photo, attached once', async () => {
    const draft = await createDraft(stack, owner);
    const presigned = await expectOk(presign(stack, owner, draft.listingId, 'image/jpeg', 10_000));
    expect(await finalise(stack, owner, draft.listingId, presigned.key)).toMatchObject({ status: 400, body: { message: 'Upload not found' } });
    await postToS3(presigned, await testImage('jpeg', 200, 200), 'image/jpeg');
    const first = await expectOk(finalise(stack, owner, draft.listingId, presigned.key));
    expect(await expectOk(finalise(stack, owner, draft.listingId, presigned.key))).toEqual(first);
    expect((await getListing(stack, owner, draft.listingId)).body.listing.images).toHaveLength(1);
  });

  it('finalising one upload in parallel attaches it once; deleting it leaves the listing consistent and its files gone', async () => {
    for (const parallel of [2, 5]) {
      const draft = await createDraft(stack, owner);
      const presigned = await expectOk(presign(stack, owner, draft.listingId, 'image/jpeg', 10_000));
      await postToS3(presigned, await testImage('jpeg', 200, 200), 'image/jpeg');
      const answers = await Promise.all(Array.from({ length: parallel }, () => finalise(stack, owner, draft.listingId, presigned.key)));
      // Each answer is the attached photo, or (a finalise that found the upload already consumed) a 400; never a second photo.
      expect(answers.every((a) => a.status === 200 || a.status === 400), JSON.stringify(answers.map((a) => a.status))).toBe(true);
      expect(answers.some((a) => a.status === 200)).toBe(true);
      const { images } = (await getListing(stack, owner, draft.listingId)).body.listing;
      expect(images).toHaveLength(1);
      const files = await bucketKeys(stack, prefixOf(draft.listingId));
      expect(files.filter((key) => !key.includes('/uploads/'))).toHaveLength(3);
      for (const url of [images[0]!.thumbnail, images[0]!.medium, images[0]!.large]) expect((await fetch(url)).status, url).toBe(200);

      const removed = await call<{ images: Listing['images'] }>(stack, owner.token, 'deleteListingImage', { params: { listingId: draft.listingId, imageId: images[0]!._id } });
      expect(removed).toMatchObject({ status: 200, body: { images: [] } });
      expect((await getListing(stack, owner, draft.listingId)).body.listing.images).toEqual([]);
      expect(await bucketKeys(stack, prefixOf(draft.listingId))).toEqual([]);
    }
  });

  it('takes at most 20 photos', async () => {
    const draft = await createDraft(stack, owner);
    const photo = await testImage('jpeg', 64, 48);
    for (let i = 0; i < 20; i++) await expectOk(uploadPhoto(stack, owner, draft.listingId, photo));
    expect(await presign(stack, owner, draft.listingId, 'image/jpeg', photo.byteLength)).toMatchObject({
      status: 400,
      body: { message: 'A listing can have at most 20 photos.' },
    });
  }, 120_000);
});

describe('photo order', () => {
  it('puts the photos in the order a save names, the cover first; two saves racing with the same version: one wins, the other is told', async () => {
    const draft = await createDraft(stack, owner);
    const photo = await testImage('jpeg', 64, 48);
    let images: Listing['images'] = [];
    let version = 0;
    for (let i = 0; i < 3; i++) ({ images, version } = await expectOk(uploadPhoto(stack, owner, draft.listingId, photo)));
    const [a, b, c] = images.map((image) => image._id);
    const body = (imageOrder: (string | undefined)[], at = version) => ({ ...validDraft(), version: at, imageOrder });

    const ordered = await expectOk(putDraft(stack, owner, draft.listingId, body([c, a, b])));
    expect(ordered.listing.images.map((image) => image._id)).toEqual([c, a, b]);
    expect(ordered.listing.version).toBe(version + 1);
    version = ordered.listing.version;

    // Not the listing's photos each once: refused, nothing changes.
    for (const wrong of [[a, b], [a, b, c, c], [a, b, randomUUID()]]) {
      const refused = await putDraft(stack, owner, draft.listingId, body(wrong));
      expect(refused.status, JSON.stringify(wrong)).toBe(400);
    }
    // Two tabs ordering at once, from the same version: one order is kept, the other save is told (409).
    const answers = await Promise.all([putDraft(stack, owner, draft.listingId, body([a, b, c])), putDraft(stack, owner, draft.listingId, body([b, c, a]))]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const winner = answers.find((answer) => answer.status === 200)!.body.listing.images.map((image) => image._id);
    expect((await expectOk(getListing(stack, owner, draft.listingId))).listing.images.map((image) => image._id)).toEqual(winner);
    // An order made before a photo was added names the photos of an older version: 409.
    const before = version + 1;
    await expectOk(uploadPhoto(stack, owner, draft.listingId, photo));
    expect((await putDraft(stack, owner, draft.listingId, body([c, b, a], before))).status).toBe(409);
  });
});

describe('brochure PDF', () => {
  it('takes a PDF of at most 20 MB beside the link, replaces and removes it; refuses other files; two changes at once: one wins', async () => {
    const draft = await createDraft(stack, owner);
    const set = (key: string | null) => call<{ listing: Listing }>(stack, owner.token, 'setListingBrochure', { params: { listingId: draft.listingId }, body: { key } });
    const first = await expectOk(set(await uploadedBrochure(stack, owner, draft.listingId, testPdf('first'))));
    expect(first.listing.brochureFile).toMatch(new RegExp(`/listings/${draft.listingId}/brochure/[0-9a-f-]{36}\\.pdf$`));
    const served = await fetch(first.listing.brochureFile!);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await served.arrayBuffer()).toString('latin1')).toContain('% first');
    expect((await bucketKeys(stack, `listings/${draft.listingId}/uploads/`))).toEqual([]);

    // Not a PDF whatever it is called: refused, nothing kept.
    const png = await testImage('png', 32, 32);
    const refused = await set(await uploadedBrochure(stack, owner, draft.listingId, png));
    expect(refused).toMatchObject({ status: 400, body: { message: 'Please choose a PDF file.' } });
    expect(await call(stack, owner.token, 'presignListingBrochure', { params: { listingId: draft.listingId }, body: { size: 20 * 1024 * 1024 + 1 } })).toMatchObject({ status: 413, body: { message: 'A brochure must be at most 20 MB.' } });

    // Two replacements racing from the same brochure: one is kept, the other told (409) and its file removed.
    const keys = [await uploadedBrochure(stack, owner, draft.listingId, testPdf('a')), await uploadedBrochure(stack, owner, draft.listingId, testPdf('b'))];
    const answers = await Promise.all(keys.map((key) => set(key)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const kept = answers.find((answer) => answer.status === 200)!.body.listing.brochureFile!;
    expect((await bucketKeys(stack, `listings/${draft.listingId}/brochure/`)).map((key) => kept.endsWith(key))).toEqual([true]);

    const removed = await expectOk(set(null));
    expect(removed.listing.brochureFile).toBeNull();
    expect(await bucketKeys(stack, `listings/${draft.listingId}/brochure/`)).toEqual([]);
  });
});

describe('delete image', () => {
  it('removes one photo and its stored variants; owner and drafts only', async () => {
    const draft = await createDraft(stack, owner);
    await expectOk(uploadPhoto(stack, owner, draft.listingId, await testImage('jpeg', 400, 300)));
    const { images } = await expectOk(uploadPhoto(stack, owner, draft.listingId, await testImage('png', 400, 300), 'image/png'));
    const [keep, drop] = images as [Listing['images'][number], Listing['images'][number]];

    const params = { listingId: draft.listingId, imageId: drop._id };
    expect((await call(stack, other.token, 'deleteListingImage', { params })).status).toBe(404);
    const answer = await expectOk(call<{ images: Listing['images'] }>(stack, owner.token, 'deleteListingImage', { params }));
    expect(answer.images).toEqual([keep]);
    const keys = await bucketKeys(stack, prefixOf(draft.listingId));
    expect(keys).toHaveLength(3);
    expect(keys.every((k) => k.includes(keep._id))).toBe(true);
    expect((await call(stack, owner.token, 'deleteListingImage', { params })).status).toBe(404);
  });
});
