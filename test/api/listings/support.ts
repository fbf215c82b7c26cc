import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { listingDraft, type AcceptedImageType, type Listing, type ListingDraftInput, type PresignResponse } from '../../../shared/api';
import { localCredentials, LOCAL_REGION } from '../../../lib/local/aws';
import { IMAGES_BUCKET, type LocalStack } from '../../../lib/local/stack';
import { call, drainDeliveryQueue, expectOk, projectionsSettled, type ApiAnswer, type Broker } from '../requirements/support';
import { validDraft } from '../../fixtures/inputs';

export { validDraft };

export { call, expectOk, newApprovedBroker, newUser, readMailStore, startStack } from '../requirements/support';
export type { Broker, StoredMail } from '../requirements/support';


export async function createDraft(stack: LocalStack, broker: Broker): Promise<Listing> {
  const answer = await call<{ listingId: string; listing: Listing }>(stack, broker.token, 'createListing');
  if (answer.status !== 201) throw new Error(`create listing: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.listing;
}

/** PUT /listing/{id} with exactly `body`. */
export const putDraft = (stack: LocalStack, broker: Broker, listingId: string, body: unknown) =>
  call<{ listing: Listing }>(stack, broker.token, 'updateListing', { params: { listingId }, body });

/**
 * Saves as the editor does: the whole draft (empty fields where `draft` names none) over the version the
 * listing has now, unless `draft` names a version itself.
 */
export async function saveDraft(stack: LocalStack, broker: Broker, listingId: string, draft: Record<string, unknown>) {
  const current = await getListing(stack, broker, listingId);
  const version = current.status === 200 ? current.body.listing.version : 0;
  return putDraft(stack, broker, listingId, { ...listingDraft.parse({}), version, ...draft });
}

/** A test photo made now (no binary fixtures): a flat colour of the given size and format. */
export const testImage = (format: 'jpeg' | 'png' | 'webp' = 'jpeg', width = 1200, height = 800) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 110, b: 160 } } })
    .toFormat(format)
    .toBuffer();

export const presign = (stack: LocalStack, broker: Broker, listingId: string, contentType: string, size: number) =>
  call<PresignResponse>(stack, broker.token, 'presignListingImage', { params: { listingId }, body: { contentType, size } });

/** What the browser does with a presigned POST: the policy fields, then the file. */
export async function postToS3(presigned: PresignResponse, bytes: Uint8Array, contentType: string): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(presigned.fields)) form.append(name, value);
  form.append('file', new Blob([Uint8Array.from(bytes)], { type: contentType }));
  const response = await fetch(presigned.url, { method: 'POST', body: form });
  if (response.status >= 300) throw new Error(`S3 POST: ${response.status} ${await response.text()}`);
}

/** A small real PDF: what a brochure upload must be. */
export const testPdf = (text = 'Brochure') =>
  Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`, 'latin1');

/** Uploads `bytes` as the draft's brochure through the presigned POST, as the editor does; answers the upload's key. */
export async function uploadedBrochure(stack: LocalStack, broker: Broker, listingId: string, bytes: Uint8Array = testPdf(), contentType = 'application/pdf'): Promise<string> {
  const presigned = await expectOk(call<PresignResponse>(stack, broker.token, 'presignListingBrochure', { params: { listingId }, body: { size: bytes.byteLength } }));
  await postToS3(presigned, bytes, contentType);
  return presigned.key;
}

export const finalise = (stack: LocalStack, broker: Broker, listingId: string, key: string) =>
  call<{ images: Listing['images']; version: number }>(stack, broker.token, 'finaliseListingImage', { params: { listingId }, body: { key } });

/** Presign → POST → finalise, as the editor does; answers the finalise call. */
export async function uploadPhoto(
  stack: LocalStack,
  broker: Broker,
  listingId: string,
  bytes: Uint8Array,
  contentType: AcceptedImageType = 'image/jpeg',
): Promise<ApiAnswer<{ images: Listing['images']; version: number }>> {
  const presigned = await expectOk(presign(stack, broker, listingId, contentType, bytes.byteLength));
  await postToS3(presigned, bytes, contentType);
  return finalise(stack, broker, listingId, presigned.key);
}

/** A draft with every completeness flag, photo included. */
export async function completeDraft(stack: LocalStack, broker: Broker, overrides: Partial<ListingDraftInput> = {}): Promise<Listing> {
  const draft = await createDraft(stack, broker);
  await expectOk(saveDraft(stack, broker, draft.listingId, validDraft(overrides)));
  await expectOk(uploadPhoto(stack, broker, draft.listingId, await testImage()));
  return (await expectOk(call<{ listing: Listing }>(stack, broker.token, 'getListing', { params: { listingId: draft.listingId } }))).listing;
}

/** A complete draft, published (queued for the next blast). */
export async function queuedListing(stack: LocalStack, broker: Broker, overrides: Partial<ListingDraftInput> = {}): Promise<Listing> {
  const draft = await completeDraft(stack, broker, overrides);
  return (await expectOk(call<{ listing: Listing }>(stack, broker.token, 'publishListing', { params: { listingId: draft.listingId } })))
    .listing;
}

export const getListing = (stack: LocalStack, broker: Broker, listingId: string) =>
  call<{ listing: Listing }>(stack, broker.token, 'getListing', { params: { listingId } });

/** Every object in the images bucket under `prefix`. */
export async function bucketKeys(stack: LocalStack, prefix: string): Promise<string[]> {
  const client = new S3Client({
    endpoint: stack.urls.s3,
    region: LOCAL_REGION,
    credentials: localCredentials,
    forcePathStyle: true,
  });
  try {
    const out = await client.send(new ListObjectsV2Command({ Bucket: IMAGES_BUCKET, Prefix: prefix }));
    return (out.Contents ?? []).map((o) => o.Key!).sort();
  } finally {
    client.destroy();
  }
}

/**
 * The job handlers, run in this process against the stack, as the scheduler does. The blast's planner is
 * followed by its delivery workers, fed from the stack's queue until it is empty (Lambda's event source, in
 * this process, so faults injected here reach them); each run is reported as it ended.
 */
export async function runBlastJob(event?: { now?: string }) {
  const { handler } = await import('../../../lambdas/jobs/blast');
  const { blastsRepository } = await import('../../../lambdas/data/blasts');
  const planned = await handler(event);
  await drainDeliveryQueue();
  const runs = await Promise.all(planned.runs.map(async ({ runId }) => (await blastsRepository.get(runId))!));
  return {
    status: planned.status,
    runs: runs.map((run) => ({ runId: run.runId, listings: run.listingIds.length, sent: run.sent, failed: run.failed, state: run.state })),
  };
}

export async function runExpiryJob(event?: { now?: string }) {
  const { handler } = await import('../../../lambdas/jobs/expire-listings');
  const report = await handler(event);
  await projectionsSettled();
  return report;
}
