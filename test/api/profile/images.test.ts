import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PresignResponse, User } from '../../../shared/api';
import { imageKinds, wrongImageType } from '../../../shared/api/schemas/images';
import { getObject, listKeys, putObject } from '../../../lambdas/core/images-bucket';
import { call, newAccount, stack, storedUser, type Account } from '../accounts/support';

/**
 * Profile image and broker logo (PRODUCT.md "Images"): presign → POST straight to the image store →
 * finalise, against the real S3 emulator. The emulator enforces no POST policy, so the server's own
 * checks at finalise (real size, type from the bytes) are what is tested.
 */

type Err = { message: string };

const keysUnder = async (prefix: string) => (await listKeys(prefix)).sort();

async function imageOf(key: string) {
  const stored = await getObject(key);
  return sharp(stored!.bytes).metadata();
}

const jpeg = (width = 640, height = 480) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 160 } } }).jpeg().toBuffer();
const png = (width = 400, height = 400) =>
  sharp({ create: { width, height, channels: 4, background: { r: 200, g: 40, b: 40, alpha: 0.5 } } }).png().toBuffer();

/** The browser's part: the presigned POST form, policy fields first and the file last. */
async function postToStore(presign: PresignResponse, bytes: Buffer, contentType: string, fileName = 'photo.jpg') {
  const form = new FormData();
  for (const [name, value] of Object.entries(presign.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: contentType }), fileName);
  const response = await fetch(presign.url, { method: 'POST', body: form });
  expect(response.ok).toBe(true);
}

type Slot = { presign: 'presignProfileImage' | 'presignBrokerImage'; finalise: 'finaliseProfileImage' | 'finaliseBrokerImage'; folder: string };
const profile: Slot = { presign: 'presignProfileImage', finalise: 'finaliseProfileImage', folder: 'profile' };
const logo: Slot = { presign: 'presignBrokerImage', finalise: 'finaliseBrokerImage', folder: 'logo' };

async function presign(account: Account, slot: Slot, body: { contentType: string; size: number; fileName?: string }) {
  return call<PresignResponse & Err>(account.token, slot.presign, { params: { userId: account.userId }, body });
}

async function upload(account: Account, slot: Slot, bytes: Buffer, contentType: string, fileName?: string) {
  const signed = await presign(account, slot, { contentType, size: bytes.byteLength, fileName });
  expect(signed.status).toBe(200);
  await postToStore(signed.body, bytes, contentType, fileName);
  const finalised = await call<{ user: User } & Err>(account.token, slot.finalise, {
    params: { userId: account.userId },
    body: { key: signed.body.key },
  });
  return { key: signed.body.key, finalised };
}

let me: Account;
let other: Account;

beforeAll(async () => {
  [me, other] = await Promise.all([newAccount('imager'), newAccount('bystander')]);
});

describe('profile image', () => {
  let firstVariants: Record<string, string>;

  it('presigns an upload under the caller’s own prefix', async () => {
    const signed = await presign(me, profile, { contentType: 'image/jpeg', size: 1000, fileName: 'me.jpg' });
    expect(signed.status).toBe(200);
    expect(signed.body.key).toMatch(new RegExp(`^users/${me.userId}/profile/uploads/[0-9a-f-]{36}$`));
    expect(signed.body.fields['Content-Type']).toBe('image/jpeg');
    expect(Date.parse(signed.body.expiresAt)).toBeGreaterThan(Date.now());
  });

  it('stores the profile and medium variants, answers their URLs and removes the raw upload', async () => {
    const { key, finalised } = await upload(me, profile, await jpeg(1200, 800), 'image/jpeg', 'me.jpg');
    expect(finalised.status).toBe(200);
    const image = finalised.body.user.profileImage!;
    expect(Object.keys(image).sort()).toEqual([...imageKinds.profile.variants].sort());
    for (const url of Object.values(image)) {
      expect(url.startsWith(`${stack.env.ASSET_BASE_URL}/users/${me.userId}/profile/`)).toBe(true);
      const served = await fetch(url);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/jpeg');
    }
    const stored = (await storedUser(me.userId))!.profileImage!;
    firstVariants = stored;
    expect(await imageOf(stored.profile!)).toMatchObject({ format: 'jpeg', width: 256, height: 256 });
    expect(await imageOf(stored.medium!)).toMatchObject({ format: 'jpeg', width: 512, height: 512 });
    expect(await keysUnder(key)).toEqual([]);
  });

  it('replaces the image, deleting the previous variants only after the new ones are stored', async () => {
    const { finalised } = await upload(me, profile, await png(), 'image/png', 'me.png');
    expect(finalised.status).toBe(200);
    const stored = (await storedUser(me.userId))!.profileImage!;
    expect(stored.profile).not.toBe(firstVariants.profile);
    expect(await keysUnder(`users/${me.userId}/profile/`)).toEqual(Object.values(stored).sort());
    firstVariants = stored;
  });

  it('refuses a type that is not JPEG, PNG or WebP at presign', async () => {
    const signed = await presign(me, profile, { contentType: 'image/gif', size: 1000 });
    expect(signed.status).toBe(400);
    expect(signed.body.message).toBe(wrongImageType);
  });

  it('refuses a declared size over 3MB at presign with the spec message', async () => {
    const signed = await presign(me, profile, { contentType: 'image/jpeg', size: imageKinds.profile.maxBytes + 1 });
    expect(signed.status).toBe(413);
    expect(signed.body.message).toBe('Image size must be less than 3MB.');
  });

  it('refuses a file over 3MB that lied about its size, stores nothing and keeps the previous image', async () => {
    const signed = await presign(me, profile, { contentType: 'image/png', size: 1000 });
    // A real PNG padded past the cap: the bytes on the store are what count.
    const big = Buffer.concat([await png(), Buffer.alloc(imageKinds.profile.maxBytes, 1)]);
    await postToStore(signed.body, big, 'image/png');
    const finalised = await call<Err>(me.token, 'finaliseProfileImage', { params: { userId: me.userId }, body: { key: signed.body.key } });
    expect(finalised.status).toBe(413);
    expect(finalised.body.message).toBe('Image size must be less than 3MB.');
    expect((await storedUser(me.userId))!.profileImage).toEqual(firstVariants);
    expect(await keysUnder(`users/${me.userId}/profile/`)).toEqual(Object.values(firstVariants).sort());
  });

  it('refuses a PNG renamed .jpg and sent as image/jpeg: the bytes decide', async () => {
    const { finalised } = await upload(me, profile, await png(), 'image/jpeg', 'holiday.jpg');
    expect(finalised.status).toBe(400);
    expect(finalised.body.message).toBe(wrongImageType);
    expect((await storedUser(me.userId))!.profileImage).toEqual(firstVariants);
    expect(await keysUnder(`users/${me.userId}/profile/`)).toEqual(Object.values(firstVariants).sort());
  });

  it('refuses an SVG sent as image/png', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const { finalised } = await upload(me, profile, svg, 'image/png', 'logo.png');
    expect(finalised.status).toBe(400);
    expect((await storedUser(me.userId))!.profileImage).toEqual(firstVariants);
  });

  it('refuses someone else’s user id (403) at presign and at finalise, storing nothing', async () => {
    const before = await storedUser(other.userId);
    const signed = await call<Err>(me.token, 'presignProfileImage', {
      params: { userId: other.userId },
      body: { contentType: 'image/jpeg', size: 1000 },
    });
    expect(signed.status).toBe(403);

    // The other user's genuine upload, finalised by me through their id: refused by the scope check.
    const theirs = await presign(other, profile, { contentType: 'image/jpeg', size: 1000 });
    await postToStore(theirs.body, await jpeg(), 'image/jpeg');
    const foreign = await call<Err>(me.token, 'finaliseProfileImage', { params: { userId: other.userId }, body: { key: theirs.body.key } });
    expect(foreign.status).toBe(403);

    // …and through my own id: the key is not under my prefix.
    const hijack = await call<Err>(me.token, 'finaliseProfileImage', { params: { userId: me.userId }, body: { key: theirs.body.key } });
    expect(hijack.status).toBe(403);

    expect(await storedUser(other.userId)).toEqual(before);
    expect((await storedUser(me.userId))!.profileImage).toEqual(firstVariants);
    expect(await keysUnder(`users/${other.userId}/profile/`)).toEqual([theirs.body.key]);
  });

  it('refuses a key that was never uploaded', async () => {
    const finalised = await call<Err>(me.token, 'finaliseProfileImage', {
      params: { userId: me.userId },
      body: { key: `users/${me.userId}/profile/uploads/00000000-0000-4000-8000-000000000000` },
    });
    expect(finalised.status).toBe(400);
  });

  it('refuses an unauthenticated caller', async () => {
    const signed = await call(null, 'presignProfileImage', { params: { userId: me.userId }, body: { contentType: 'image/jpeg', size: 10 } });
    expect(signed.status).toBe(401);
  });
});

describe('broker logo', () => {
  it('stores thumbnail, medium and original variants and keeps the broker information and a legacy logo', async () => {
    await call(me.token, 'updateBrokerInfo', { params: { userId: me.userId }, body: { name: 'Delta Brokers', address1: '3 J St' } });
    // A legacy logo file from the old system: set on the record directly, as a migration would. Its stored
    // path names the file in the broker-images folder (spec 01 §3).
    const { usersRepository } = await import('../../../lambdas/data/users');
    await putObject('broker-images/delta.png', await png(), { contentType: 'image/png' });
    await usersRepository.update(me.userId, {
      brokerInfo: { name: 'Delta Brokers', address1: '3 J St', address2: '', logoSrc: 'delta.png' },
    });

    const { finalised } = await upload(me, logo, await jpeg(900, 300), 'image/jpeg', 'logo.jpg');
    expect(finalised.status).toBe(200);
    const { brokerImage, brokerInfo } = finalised.body.user;
    expect(Object.keys(brokerImage!).sort()).toEqual([...imageKinds.logo.variants].sort());
    expect(brokerInfo).toMatchObject({ name: 'Delta Brokers', logoSrc: `${stack.env.ASSET_BASE_URL}/broker-images/delta.png` });
    const stored = (await storedUser(me.userId))!.brokerImage!;
    expect(await imageOf(stored.original!)).toMatchObject({ width: 900, height: 300 });
    expect(await imageOf(stored.thumbnail!)).toMatchObject({ width: 160 });
    expect((await fetch(brokerInfo!.logoSrc!)).status).toBe(200);
  });

  it('refuses a logo over 3MB with the spec message', async () => {
    const signed = await presign(me, logo, { contentType: 'image/png', size: 3 * 1024 * 1024 + 1 });
    expect(signed.status).toBe(413);
    expect(signed.body.message).toBe('Image size must be less than 3MB.');
  });

  it('keeps a profile upload out of the logo slot', async () => {
    const signed = await presign(me, profile, { contentType: 'image/jpeg', size: 1000 });
    await postToStore(signed.body, await jpeg(), 'image/jpeg');
    const crossed = await call<Err>(me.token, 'finaliseBrokerImage', { params: { userId: me.userId }, body: { key: signed.body.key } });
    expect(crossed.status).toBe(403);
  });
});
