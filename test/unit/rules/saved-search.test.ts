import { describe, expect, it } from 'vitest';
import { createSavedSearchRequest, notificationPreferencesSave, updateSavedSearchRequest, user } from '../../../shared/api';
import { fits, notificationPreferencesOf, pauseReasonOf, type SavedSearchActivity } from '../../../shared/rules';

const listing = { listingTypeId: 'for-lease', propertyTypeId: 'office', marketId: 'sac-midtown' };
const requirement = { requirementTypeId: 'for-lease', propertyTypeId: 'office', marketIds: ['sac-midtown', 'sac-downtown-sacramento'] };

describe('fits: a listing and a listings search', () => {
  it.each([
    ['no filter', {}, listing, true],
    ['"ALL" everywhere', { listingTypeId: 'ALL', propertyTypeId: 'ALL', marketId: 'ALL' }, listing, true],
    ['its type', { listingTypeId: 'for-lease' }, listing, true],
    ['another type', { listingTypeId: 'for-sale-user' }, listing, false],
    ['its property type and market', { propertyTypeId: 'office', marketId: 'sac-midtown' }, listing, true],
    ['another market', { marketId: 'sac-downtown-sacramento' }, listing, false],
    ['all three', { listingTypeId: 'for-lease', propertyTypeId: 'office', marketId: 'sac-midtown' }, listing, true],
    ['two of three', { listingTypeId: 'for-lease', propertyTypeId: 'retail', marketId: 'sac-midtown' }, listing, false],
    ['a filter, the listing without that value', { marketId: 'sac-midtown' }, { ...listing, marketId: null }, false],
    ['no filter, the listing without values', {}, { listingTypeId: null, propertyTypeId: null, marketId: null }, true],
    // A stored "ALL" sits in the index's `*` slot only, as if it had no value.
    ['a filter, the listing storing ALL', { propertyTypeId: 'office' }, { ...listing, propertyTypeId: 'ALL' }, false],
  ])('%s', (_name, filters, item, expected) => expect(fits({ kind: 'listings', filters }, item, new Date())).toBe(expected));
});

describe('fits: a requirement and a requirements search', () => {
  it.each([
    ['no filter', {}, requirement, true],
    ['its type', { requirementTypeId: 'for-lease' }, requirement, true],
    ['another type', { requirementTypeId: 'for-sale-investment' }, requirement, false],
    ['its first market', { marketId: 'sac-midtown' }, requirement, true],
    ['its second market', { marketId: 'sac-downtown-sacramento' }, requirement, true],
    ['a market it does not name', { marketId: 'sac-folsom' }, requirement, false],
    ['all three', { requirementTypeId: 'for-lease', propertyTypeId: 'office', marketId: 'sac-downtown-sacramento' }, requirement, true],
    ['property type off', { propertyTypeId: 'retail', marketId: 'sac-midtown' }, requirement, false],
    ['no markets at all', { marketId: 'sac-midtown' }, { ...requirement, marketIds: [] }, false],
    ['no markets, no market filter', { propertyTypeId: 'office' }, { ...requirement, marketIds: [] }, true],
  ])('%s', (_name, filters, item, expected) => expect(fits({ kind: 'requirements', filters }, item, new Date())).toBe(expected));
});

describe('pauseReasonOf', () => {
  const now = new Date('2026-06-30T12:00:00.000Z');
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
  const base: SavedSearchActivity = { frequency: 'instant', status: 'active', activeSince: daysAgo(200), lastMatchedAt: daysAgo(1), lastAlertAt: null, lastEngagedAt: null };

  it.each<[string, Partial<SavedSearchActivity>, ReturnType<typeof pauseReasonOf>]>([
    ['a recent match, no mail yet', {}, null],
    ['no match for 90 days', { lastMatchedAt: daysAgo(90) }, 'no-matches-90-days'],
    ['no match for 89 days', { lastMatchedAt: daysAgo(89) }, null],
    ['never matched, made 90 days ago', { lastMatchedAt: null, activeSince: daysAgo(90) }, 'no-matches-90-days'],
    ['never matched, kept 10 days ago', { lastMatchedAt: null, activeSince: daysAgo(10) }, null],
    ['mailed, never opened, for 30 days since made', { activeSince: daysAgo(30), lastAlertAt: daysAgo(2) }, 'no-engagement-30-days'],
    ['mailed, opened 29 days ago', { lastAlertAt: daysAgo(2), lastEngagedAt: daysAgo(29) }, null],
    ['mailed, opened 31 days ago', { lastAlertAt: daysAgo(2), lastEngagedAt: daysAgo(31) }, 'no-engagement-30-days'],
    ['opened after its last mail', { lastAlertAt: daysAgo(40), lastEngagedAt: daysAgo(35) }, null],
    ['kept 5 days ago after being unengaged', { activeSince: daysAgo(5), lastAlertAt: daysAgo(2), lastEngagedAt: daysAgo(60) }, null],
    ['off: never paused', { frequency: 'off', lastMatchedAt: daysAgo(400) }, null],
    ['already paused', { status: 'paused', lastMatchedAt: daysAgo(400) }, null],
    ['daily, no match for 100 days', { frequency: 'daily', lastMatchedAt: daysAgo(100) }, 'no-matches-90-days'],
  ])('%s', (_name, change, expected) => expect(pauseReasonOf({ ...base, ...change }, now)).toBe(expected));
});

describe('saved search and notification schemas', () => {
  it('a name of 1 to 80 characters, trimmed', () => {
    const parse = (name: string) => createSavedSearchRequest.safeParse({ name, kind: 'listings', filters: {}, frequency: 'daily' });
    expect(parse('  Office  ').data?.name).toBe('Office');
    expect(parse('x'.repeat(80)).success).toBe(true);
    expect(parse('x'.repeat(81)).success).toBe(false);
    expect(parse('   ').success).toBe(false);
  });

  it('filters are the browser’s: its ids, "ALL" read as none, nothing of the other browser', () => {
    const parse = (kind: string, filters: unknown) => createSavedSearchRequest.safeParse({ name: 'n', kind, filters, frequency: 'instant' });
    expect(parse('listings', { listingTypeId: 'for-lease', marketId: 'ALL' }).data?.filters).toEqual({ listingTypeId: 'for-lease' });
    expect(parse('listings', { requirementTypeId: 'for-lease' }).success).toBe(false);
    expect(parse('requirements', { listingTypeId: 'for-lease' }).success).toBe(false);
    expect(parse('requirements', { marketId: 'nowhere' }).success).toBe(false);
    expect(parse('listings', { sort: 'daysOnBisn' }).success).toBe(false);
    expect(parse('maps', {}).success).toBe(false);
  });

  it('frequencies are instant, daily, weekly or off; an update changes any part, or resumes', () => {
    for (const frequency of ['instant', 'daily', 'weekly', 'off']) expect(updateSavedSearchRequest.safeParse({ frequency }).success).toBe(true);
    expect(updateSavedSearchRequest.safeParse({ frequency: 'hourly' }).success).toBe(false);
    expect(updateSavedSearchRequest.safeParse({ resume: true }).success).toBe(true);
    expect(updateSavedSearchRequest.safeParse({ resume: false }).success).toBe(false);
  });

  it('notification preferences: a digest of 10, 25 or 50 entries, defaults keep today’s behaviour', () => {
    const prefs = { requirements: 'off', matches: 'digest', digestFrequency: 'weekly', version: 3 };
    for (const digestLimit of [10, 25, 50]) expect(notificationPreferencesSave.safeParse({ ...prefs, digestLimit }).success).toBe(true);
    for (const digestLimit of [0, 24, 100, '25']) expect(notificationPreferencesSave.safeParse({ ...prefs, digestLimit }).success).toBe(false);
    expect(notificationPreferencesSave.safeParse({ ...prefs, digestLimit: 25, matches: 'off' }).success).toBe(false);
    expect(notificationPreferencesOf(undefined)).toEqual({ requirements: 'instant', matches: 'instant', digestFrequency: 'weekdays', digestLimit: 25 });
    expect(notificationPreferencesOf({ digestLimit: 10 })).toEqual({ requirements: 'instant', matches: 'instant', digestFrequency: 'weekdays', digestLimit: 10 });
    expect(user.shape.notifications.safeParse(notificationPreferencesOf(null)).success).toBe(true);
  });
});
