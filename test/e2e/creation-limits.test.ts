import { describe, expect, it } from 'vitest';
import { dailyCreationLimits } from '../../lib/config/daily-limits';
import { e2e, newBroker } from './support';

// Against the stack as `npm start` runs it (the dev stage's limits): no broker can flood the
// network with broadcasts; creations per broker and day are capped with a 429 and a clear message.
const limits = dailyCreationLimits.dev;

async function api(token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${e2e().apiUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const requirement = (title: string) => ({
  requirementTypeId: 'for-lease',
  propertyTypeId: 'office',
  marketIds: ['sac-midtown'],
  title,
  timing: 'Q3',
  sqftMin: 1000,
  sqftMax: 2000,
});

describe('daily creation limits', () => {
  it('100 parallel requirement creates let exactly the limit through; the rest get 429 and store nothing; others are unaffected', async () => {
    const flooder = await newBroker('flooder', { approved: true, password: 'Flood!2345pass' });
    const quota = await api(flooder.idToken, 'GET', `/user/quota/${flooder.userId}`);
    expect(quota.body).toEqual({ quota: { requirements: { limit: limits.requirements, left: limits.requirements }, listings: { limit: limits.listings, left: limits.listings } } });

    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => api(flooder.idToken, 'POST', '/requirement', requirement(`Flood ${i}`))));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(limits.requirements);
    const refused = answers.filter((a) => a.status !== 201);
    expect(new Set(refused.map((a) => a.status))).toEqual(new Set([429]));
    expect(refused[0]!.body.message).toBe(`You have created ${limits.requirements} requirements today, the most one broker can create in a day. You can create more tomorrow.`);
    const mine = await api(flooder.idToken, 'GET', `/requirements/${flooder.userId}?limit=25`);
    expect(mine.body.items).toHaveLength(limits.requirements);
    expect((await api(flooder.idToken, 'GET', `/user/quota/${flooder.userId}`)).body).toMatchObject({ quota: { requirements: { left: 0 } } });

    const neighbour = await newBroker('neighbour', { approved: true, password: 'Flood!2345pass' });
    expect((await api(neighbour.idToken, 'POST', '/requirement', { ...requirement(''), title: '' })).status).toBe(400);
    expect((await api(neighbour.idToken, 'POST', '/requirement', requirement('Neighbour'))).status).toBe(201);
    expect((await api(neighbour.idToken, 'GET', `/user/quota/${neighbour.userId}`)).body).toMatchObject({ quota: { requirements: { left: limits.requirements - 1 } } });
  });

  it('listings too: the limit of drafts a day, then 429', async () => {
    const lister = await newBroker('lister', { approved: true, password: 'Flood!2345pass' });
    const answers = await Promise.all(Array.from({ length: limits.listings + 5 }, () => api(lister.idToken, 'POST', '/listing')));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(limits.listings);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(5);
  });

  it('a draft deleted the day it was created gives its count back, so an editor closed untouched costs nothing', async () => {
    const lister = await newBroker('redrafter', { approved: true, password: 'Flood!2345pass' });
    const drafts = await Promise.all(Array.from({ length: limits.listings }, () => api(lister.idToken, 'POST', '/listing')));
    expect(drafts.map((d) => d.status)).toEqual(drafts.map(() => 201));
    expect((await api(lister.idToken, 'POST', '/listing')).status).toBe(429);

    const [first, second] = drafts.map((d) => String(d.body.listingId));
    expect((await api(lister.idToken, 'DELETE', `/listing/${first}`)).status).toBe(200);
    expect((await api(lister.idToken, 'GET', `/user/quota/${lister.userId}`)).body).toMatchObject({ quota: { listings: { left: 1 } } });
    // Deleting it again finds nothing and gives nothing back twice.
    expect((await api(lister.idToken, 'DELETE', `/listing/${first}`)).status).toBe(404);
    expect((await api(lister.idToken, 'GET', `/user/quota/${lister.userId}`)).body).toMatchObject({ quota: { listings: { left: 1 } } });

    expect((await api(lister.idToken, 'POST', '/listing')).status).toBe(201);
    expect((await api(lister.idToken, 'POST', '/listing')).status).toBe(429);
    expect((await api(lister.idToken, 'DELETE', `/listing/${second}`)).status).toBe(200);
    expect((await api(lister.idToken, 'POST', '/listing')).status).toBe(201);
  });
});
