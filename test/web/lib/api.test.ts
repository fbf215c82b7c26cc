import { beforeEach, describe, expect, it } from 'vitest';
import { uploadFailed } from '@shared/api/schemas/images';
import { api, ApiError } from '@/lib/api';
import { imageFileError, uploadImage } from '@/lib/upload-image';
import { seedCognitoSession } from '../support/cognito-session';
import { json, startWithConfig, type RecordedRequest } from '../support/fake-backend';
import { testUser } from '../support/user';

const emptyPage = { items: [], nextCursor: null };

describe('api client', () => {
  let reply: (request: RecordedRequest) => Response | Promise<Response>;
  let requests: RecordedRequest[];

  beforeEach(async () => {
    reply = () => json(200, emptyPage);
    ({ requests } = await startWithConfig((request) => reply(request)));
  });

  describe('signed in', () => {
    let idToken: string;
    beforeEach(() => {
      ({ idToken } = seedCognitoSession({ sub: 'cognito-sub-1', email: 'ada@example.com' }));
    });

    it('builds the URL from the route table and sends the ID token as a Bearer token', async () => {
      const page = await api('listListings', { query: { propertyTypeId: 'office', cursor: 'next page' } });

      expect(page).toEqual(emptyPage);
      expect(requests).toHaveLength(1);
      const [request] = requests;
      expect(request!.method).toBe('GET');
      expect(request!.url.href).toBe('https://api.example.test/listings?propertyTypeId=office&cursor=next+page');
      expect(request!.headers.get('Authorization')).toBe(`Bearer ${idToken}`);
      expect(request!.body).toBeUndefined();
    });

    it('fills path parameters, sends the body as JSON and parses the answer', async () => {
      reply = () => json(200, { user: testUser() });
      const { user } = await api('updateBrokerInfo', {
        params: { userId: 'user_1-a' },
        body: { name: 'Capitol Commercial', address1: '1 K St', address2: 'Sacramento, CA 95814', version: 3 },
      });

      const [request] = requests;
      expect(request!.method).toBe('POST');
      expect(request!.url.pathname).toBe('/user/brokerInfo/user_1-a');
      expect(request!.headers.get('Content-Type')).toBe('application/json');
      expect(JSON.parse(String(request!.body))).toEqual({
        name: 'Capitol Commercial',
        address1: '1 K St',
        address2: 'Sacramento, CA 95814',
        version: 3,
      });
      expect(user.firstName).toBe('Ada');
    });

    it('maps an error answer to ApiError with the server message and field errors', async () => {
      reply = () =>
        json(400, { message: 'Validation failed', fieldErrors: { name: ['Broker Name cannot be empty.'] }, requestId: 'req-1' });

      const error = await api('updateBrokerInfo', {
        params: { userId: 'user-1' },
        body: { name: '', address1: 'x', version: 0 },
      }).catch((caught: unknown) => caught);

      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({
        code: 'HttpError',
        status: 400,
        message: 'Validation failed',
        fieldErrors: { name: ['Broker Name cannot be empty.'] },
        requestId: 'req-1',
      });
    });

    it('gives a generic message when the error answer is not ours', async () => {
      reply = () => new Response('<html>Bad gateway</html>', { status: 502 });

      await expect(api('countRecentListings')).rejects.toMatchObject({ status: 502, message: 'Request failed (HTTP 502)' });
    });

    it('reports a network failure as NetworkError "Network error"', async () => {
      reply = () => Promise.reject(new TypeError('Failed to fetch'));

      await expect(api('countRecentListings')).rejects.toMatchObject({ code: 'NetworkError', status: 0, message: 'Network error' });
    });

    it('reports a timeout as Timeout', async () => {
      reply = () => Promise.reject(new DOMException('The operation timed out.', 'TimeoutError'));

      await expect(api('countRecentListings')).rejects.toMatchObject({ code: 'Timeout', status: 0 });
    });

    it('gives a generic message when the error body is malformed', async () => {
      reply = () => json(400, { message: 'Validation failed', fieldErrors: { name: 'not a list' } });

      await expect(api('countRecentListings')).rejects.toMatchObject({ code: 'HttpError', status: 400, message: 'Request failed (HTTP 400)' });
    });

    it('returns the answer as sent: the server validated it against the contract (test/api checks the answers)', async () => {
      reply = () => json(200, { count: 3 });

      await expect(api('countRecentListings')).resolves.toEqual({ count: 3 });
    });

    it('refuses a 2xx that is not a JSON object (not a handler\'s answer, e.g. a proxy page)', async () => {
      reply = () => new Response('<html>Maintenance</html>', { status: 200, headers: { 'Content-Type': 'text/html' } });

      await expect(api('countRecentListings')).rejects.toMatchObject({
        code: 'InvalidResponse',
        status: 200,
        message: 'The server sent an unexpected answer. Please try again.',
      });
    });
  });

  it('calls public routes without a token', async () => {
    reply = () => json(200, { statusCode: '200', body: { message: 'Unsubscribed successfully' } });

    const answer = await api('unsubscribe', { body: { email: 'someone@example.com' } });

    expect(answer.body.message).toBe('Unsubscribed successfully');
    expect(requests[0]!.headers.has('Authorization')).toBe(false);
  });

  it('refuses a protected route without a session, before calling the API', async () => {
    await expect(api('countRecentListings')).rejects.toMatchObject({
      code: 'NotAuthenticated',
      status: 401,
      message: 'User is not authenticated',
    });
    expect(requests).toHaveLength(0);
  });
});

describe('image upload', () => {
  const presign = {
    url: 'https://images.example.test/bucket',
    fields: { key: 'uploads/u1/abc', Policy: 'policy', 'X-Amz-Signature': 'sig' },
    key: 'uploads/u1/abc',
    expiresAt: '2030-01-01T00:00:00.000Z',
  };

  it('posts the policy fields, then the file, to the presigned URL without a token', async () => {
    const { requests } = await startWithConfig(() => new Response(null, { status: 204 }));
    const file = new File(['jpeg bytes'], 'photo.jpg', { type: 'image/jpeg' });

    await uploadImage(presign, file);

    const [request] = requests;
    expect(request!.method).toBe('POST');
    expect(request!.url.href).toBe(presign.url);
    expect(request!.headers.has('Authorization')).toBe(false);
    const form = request!.body as FormData;
    expect([...form.keys()]).toEqual(['key', 'Policy', 'X-Amz-Signature', 'file']);
    expect((form.get('file') as File).name).toBe('photo.jpg');
  });

  it('reports a refused upload with the upload-failed message', async () => {
    await startWithConfig(() => new Response('<Error>EntityTooLarge</Error>', { status: 400 }));
    const file = new File(['x'], 'photo.png', { type: 'image/png' });

    await expect(uploadImage(presign, file)).rejects.toMatchObject({ status: 400, message: uploadFailed });
  });

  it('checks type and size before uploading', () => {
    const big = new File([new Uint8Array(3 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' });
    expect(imageFileError('profile', big)).toBe('Image size must be less than 3MB.');
    expect(imageFileError('listing', big)).toBeUndefined();
    expect(imageFileError('listing', new File(['x'], 'a.gif', { type: 'image/gif' }))).toBe(
      'Please choose a JPEG, PNG or WebP image.',
    );
  });
});
