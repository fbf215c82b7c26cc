import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { routes, type RouteId } from '../../../shared/api/routes';
import { callRoute } from '../http';
import { newAccount, stack, type Account } from '../accounts/support';

// Bad input is a 4xx with a message on every paged route and path, and every API
// answer, the gateway's own included, carries nosniff.
const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('paged routes validate their cursor', () => {
  const forged = {
    'an empty object (e30)': 'e30',
    'not base64 JSON': '%%%not-a-cursor',
    'a JSON array': cursorOf(['pk']),
    "another partition's key": cursorOf({ pk: 'USER#x', sk: 'PROFILE', gsi2pk: 'USERSTATUS#active', gsi2sk: '2026-01-01T00:00:00.000Z#x' }),
    'a listing key': cursorOf({ pk: 'LST#x', sk: 'LST', gsi2pk: 'LSTSTATUS#published', gsi2sk: 'x' }),
    'typed values': cursorOf({ pk: { S: 'USER#x' }, sk: { S: 'PROFILE' }, gsi2pk: { S: 'USERSTATUS#awaiting approval' }, gsi2sk: { S: 'x' } }),
    'wrongly typed values': cursorOf({ pk: 1, sk: true, gsi2pk: null, gsi2sk: [] }),
  };

  it.each(Object.entries(forged))('GET /admin/users, /listings and /requirements answer 400 for %s', async (_name, cursor) => {
    const operator = await newAccount('cursoroperator', { operator: true });
    for (const id of ['adminListUsers', 'listListings', 'listRequirements'] as const) {
      const answer = await callRoute<{ message: string }>(stack.urls.api, operator.token, id, { query: { cursor } });
      expect(answer.status, `${id} ${cursor}`).toBe(400);
      expect(answer.body.message, id).toMatch(/cursor|Invalid/i);
    }
  });
});

/** Approved accounts (listed in the directory), so the paged routes have a second page. */
async function approvedAccounts(label: string, count: number): Promise<[Account, ...Account[]]> {
  const operator = await newAccount(`${label}op`, { operator: true });
  const others = await Promise.all(Array.from({ length: count - 1 }, (_, i) => newAccount(`${label}${i}`)));
  for (const account of [operator, ...others]) {
    expect((await callRoute(stack.urls.api, operator.token, 'adminApproveUser', { params: { userId: account.userId } })).status).toBe(200);
  }
  return [operator, ...others];
}

const decoded = (cursor: string) => JSON.parse(Buffer.from(cursor.split('.')[0]!, 'base64url').toString('utf8')) as Record<string, string>;

describe('the API signs the cursors it hands out', () => {
  it('refuses an edited cursor (an oversized or out-of-range sort key), one of another route, and one of another caller', async () => {
    const [operator, other] = await approvedAccounts('signed', 3);
    const first = await callRoute<{ items: unknown[]; nextCursor: string | null }>(stack.urls.api, operator.token, 'listBrokers', { query: { limit: 1, sort: 'name' } });
    expect(first.status).toBe(200);
    const cursor = first.body.nextCursor!;
    expect(cursor).toEqual(expect.any(String));
    const next = await callRoute(stack.urls.api, operator.token, 'listBrokers', { query: { limit: 1, sort: 'name', cursor } });
    expect(next.status).toBe(200);

    const key = decoded(cursor);
    const edited = {
      'an oversized sort key': cursorOf({ ...key, sk: `N#${'z'.repeat(1100)}` }),
      'a sort key before the range': cursorOf({ ...key, sk: 'A#2000-01-01T00:00:00.000Z#x' }),
      'the same key unsigned': cursorOf(key),
      'the same key, signature of another': `${cursorOf(key)}.${cursor.split('.')[1]!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`,
    };
    for (const [what, forged] of Object.entries(edited)) {
      for (const query of [{ sort: 'name' }, { sort: 'activity', recent: 'true' }] as Record<string, string>[]) {
        const answer = await callRoute<{ message: string }>(stack.urls.api, operator.token, 'listBrokers', { query: { ...query, cursor: forged } });
        expect(answer.status, `${what} ${JSON.stringify(query)}`).toBe(400);
        expect(answer.body.message).toBe('Invalid cursor');
      }
    }
    const elsewhere = await callRoute(stack.urls.api, operator.token, 'adminListUsers', { query: { cursor } });
    expect(elsewhere.status, 'another route').toBe(400);
    const borrowed = await callRoute(stack.urls.api, other!.token, 'listBrokers', { query: { limit: 1, sort: 'name', cursor } });
    expect(borrowed.status, 'another caller').toBe(400);
  });
});

describe('X-Acting-For', () => {
  it('answers 400 with a message when the header is not an id, on every kind of route', async () => {
    const broker = await newAccount('actingheader');
    for (const value of ['x'.repeat(2100), 'not an id!', '../../etc', '\u00e9t\u00e9']) {
      for (const [id, request] of [
        ['listBrokers', {}],
        ['listRequirements', {}],
        ['createContactList', { body: { name: 'List', members: [] } }],
      ] as const) {
        const answer = await callRoute<{ message: string }>(stack.urls.api, broker.token, id, { ...request, headers: { 'x-acting-for': value } });
        expect(answer.status, `${id} ${value.slice(0, 20)}`).toBe(400);
        expect(answer.body.message).toBe('The X-Acting-For header must be the id of the broker you work for.');
      }
    }
  });
});

/** A route's path parameters, each a well-formed id: the headers and cursor are what is fuzzed here. */
const paramsOf = (path: string) => Object.fromEntries([...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name!, '00000000-0000-4000-8000-000000000000']));

describe('headers and cursors fuzzed on every route', () => {
  const printable = (value: string) => value.replace(/[^\x20-\x7e]/g, 'x');
  const headerValue = fc
    .oneof(
      fc.string({ maxLength: 40 }),
      fc.string({ minLength: 1000, maxLength: 2500 }),
      fc.uuid(),
      fc.constantFrom('', ' ', '00000000-0000-4000-8000-000000000000', 'x'.repeat(129), 'x'.repeat(2100), 'USER#x', '{"S":"x"}', '%00', '..', 'null'),
    )
    .map(printable);
  const signedIn = routes.filter((route) => route.auth !== 'public');
  const paged = signedIn.filter((route) => route.method === 'GET');

  it('no X-Acting-For or Idempotency-Key header makes a 5xx', async () => {
    const broker = await newAccount('headerfuzz');
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...signedIn), fc.option(headerValue, { freq: 4 }), fc.option(headerValue), async (route, actingFor, idempotencyKey) => {
        const headers: Record<string, string> = {};
        if (actingFor !== null) headers['x-acting-for'] = actingFor;
        if (idempotencyKey !== null) headers['idempotency-key'] = idempotencyKey;
        const answer = await callRoute(stack.urls.api, broker.token, route.id as RouteId, { params: paramsOf(route.path), ...(route.method !== 'GET' && { body: {} }), headers });
        expect(answer.status, `${route.id} ${JSON.stringify({ actingFor: actingFor?.slice(0, 40), length: actingFor?.length, idempotencyKey: idempotencyKey?.slice(0, 40) })}`).toBeLessThan(500);
      }),
      { numRuns: 200 },
    );
  });

  it('no cursor makes a 5xx: junk, forged keys, and edits of a real cursor\'s key', async () => {
    const [operator] = await approvedAccounts('cursorfuzz', 3);
    const real = await callRoute<{ nextCursor: string }>(stack.urls.api, operator.token, 'listBrokers', { query: { limit: 1, sort: 'name' } });
    const key = decoded(real.body.nextCursor);
    const keyText = fc.oneof(fc.string({ maxLength: 60 }), fc.string({ minLength: 1000, maxLength: 2100 }), fc.constantFrom('A#', 'N#', 'A#2000-01-01', 'N#zzzz', 'A#9999')).map(printable);
    const cursorValue = fc.oneof(
      fc.string({ minLength: 1, maxLength: 60 }).map(printable),
      fc.dictionary(fc.constantFrom('pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk'), fc.oneof(keyText, fc.integer(), fc.constant(null))).map(cursorOf),
      { arbitrary: fc.record({ pk: fc.constant(key.pk!), sk: keyText }).map(cursorOf), weight: 4 },
      fc.tuple(fc.string({ minLength: 1, maxLength: 40 }), fc.stringMatching(/^[A-Za-z0-9_-]{43}$/)).map(([c, signature]) => `${cursorOf(c)}.${signature}`),
    );
    const directory = paged.find((route) => route.id === 'listBrokers')!;
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.constant(directory), fc.constantFrom(...paged)), cursorValue, fc.constantFrom<Record<string, string>>({}, { sort: 'name' }, { recent: 'true' }), async (route, cursor, query) => {
        const answer = await callRoute(stack.urls.api, operator.token, route.id as RouteId, { params: paramsOf(route.path), query: { ...query, cursor } });
        expect(answer.status, `${route.id} ${cursor.slice(0, 80)}`).toBeLessThan(500);
      }),
      { numRuns: 200 },
    );
  });
});

describe('malformed paths', () => {
  it.each(['/listing/%E0%A4%A', '/user/cognito/%ZZ', '/requirement/%', '/listing/image/%C3/x'])('%s answers 400 as API Gateway does, with nosniff', async (path) => {
    const broker = await newAccount('pathbroker');
    const method = path.startsWith('/listing/image/') ? 'DELETE' : 'GET';
    const response = await fetch(`${stack.urls.api}${path}`, { method, headers: { authorization: `Bearer ${broker.token}` } });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'Bad Request' });
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('nosniff on every API answer', () => {
  it('on handler answers (200, 4xx) and on the gateway’s own (401, 404)', async () => {
    const broker = await newAccount('nosniff');
    const answers = await Promise.all([
      fetch(`${stack.urls.api}/user/cognito/${broker.userId}`, { headers: { authorization: `Bearer ${broker.token}` } }),
      fetch(`${stack.urls.api}/listing/no-such-listing`, { headers: { authorization: `Bearer ${broker.token}` } }),
      fetch(`${stack.urls.api}/listings`),
      fetch(`${stack.urls.api}/no/such/route`),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 404, 401, 404]);
    for (const answer of answers) expect(answer.headers.get('x-content-type-options'), answer.url).toBe('nosniff');
  });
});
