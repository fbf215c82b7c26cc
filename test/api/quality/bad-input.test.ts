import { describe, expect, it } from 'vitest';
import { callRoute } from '../http';
import { newAccount, stack } from '../accounts/support';

// Issue 20.9 and 20.12: bad input is a 4xx with a message on every paged route and path, and every API
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
