import { describe, expect, it } from 'vitest';
import { defaultNotificationPreferences, type NotificationPreferences } from '../../../shared/api';
import { buildDigest, digestWindow, isDigestDay, searchSpanOf, type DigestCandidates } from '../../../shared/rules';

// 2026-11-30 is a Monday; 09:00 in New York is 14:00Z in November (EST).
const monday = new Date('2026-11-30T14:00:00Z');
const tuesday = new Date('2026-12-01T14:00:00Z');
const item = (key: string) => ({ key });
const items = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => item(`${prefix}${i}`));
const prefs = (overrides: Partial<NotificationPreferences> = {}): NotificationPreferences => ({ ...defaultNotificationPreferences, ...overrides });

const candidates = (overrides: Partial<DigestCandidates<{ key: string }>> = {}): DigestCandidates<{ key: string }> => ({
  matches: null,
  savedSearches: [],
  listings: [],
  requirements: [],
  ...overrides,
});
const shape = (digest: ReturnType<typeof buildDigest<{ key: string }>>) =>
  digest && digest.groups.map((g) => ({ section: g.section, title: g.title, keys: g.entries.map((e) => e.key), more: g.more, moreUrl: g.moreUrl }));

describe('buildDigest: sections, each entry once, the cap', () => {
  const everything = candidates({
    matches: { title: 'Your new matches', moreUrl: '/matches', entries: [item('L:a'), item('R:x')] },
    savedSearches: [
      { title: 'Midtown office', frequency: 'daily', moreUrl: '/listings?marketId=m', hits: [item('L:a'), item('L:b'), item('L:c')] },
      { title: 'Instant one', frequency: 'instant', moreUrl: '/listings', hits: [item('L:d')] },
      { title: 'Off one', frequency: 'off', moreUrl: '/listings', hits: [item('L:d')] },
    ],
    listings: [{ title: 'Office Listings', moreUrl: '/listings?propertyTypeId=office', entries: [item('L:b'), item('L:d'), item('L:e')] }],
    requirements: [{ title: 'Office Requirements', moreUrl: '/requirements?propertyTypeId=office', entries: [item('R:x'), item('R:y')] }],
  });

  it('orders matches, saved searches, category listings, held requirements; an entry stays in its first group', () => {
    expect(shape(buildDigest(prefs({ matches: 'digest', requirements: 'digest' }), tuesday, everything))).toEqual([
      { section: 'matches', title: 'Your new matches', keys: ['L:a', 'R:x'], more: 0, moreUrl: '/matches' },
      { section: 'saved-searches', title: 'Midtown office', keys: ['L:b', 'L:c'], more: 0, moreUrl: '/listings?marketId=m' },
      { section: 'listings', title: 'Office Listings', keys: ['L:d', 'L:e'], more: 0, moreUrl: '/listings?propertyTypeId=office' },
      { section: 'requirements', title: 'Office Requirements', keys: ['R:y'], more: 0, moreUrl: '/requirements?propertyTypeId=office' },
    ]);
  });

  it('leaves out matches mailed instantly and requirements broadcast instantly or off (the defaults)', () => {
    expect(shape(buildDigest(prefs(), tuesday, everything))?.map((g) => [g.section, g.keys])).toEqual([
      ['saved-searches', ['L:a', 'L:b', 'L:c']],
      ['listings', ['L:d', 'L:e']],
    ]);
    expect(shape(buildDigest(prefs({ requirements: 'off' }), tuesday, everything))?.map((g) => g.section)).toEqual(['saved-searches', 'listings']);
  });

  it('shows at most digestLimit entries in section order; each group counts the rest as "N more"', () => {
    const many = candidates({
      matches: { title: 'M', moreUrl: '/matches', entries: items('M', 4) },
      savedSearches: [{ title: 'S', frequency: 'daily', moreUrl: '/s', hits: [...items('M', 2), ...items('S', 7)] }],
      listings: [
        { title: 'C1', moreUrl: '/c1', entries: items('C', 20) },
        { title: 'C2', moreUrl: '/c2', entries: items('D', 3) },
      ],
    });
    const digest = buildDigest(prefs({ matches: 'digest', digestLimit: 10 }), tuesday, many)!;
    expect(digest.shown).toBe(10);
    expect(shape(digest)?.map((g) => [g.title, g.keys.length, g.more])).toEqual([
      ['M', 4, 0],
      ['S', 6, 1],
      ['C1', 0, 20],
      ['C2', 0, 3],
    ]);
  });

  it.each([10, 25, 50] as const)('caps at %i', (digestLimit) => {
    const digest = buildDigest(prefs({ digestLimit }), tuesday, candidates({ listings: [{ title: 'C', moreUrl: '/c', entries: items('L', 60) }] }))!;
    expect(digest.shown).toBe(digestLimit);
    expect(digest.groups[0]!.more).toBe(60 - digestLimit);
  });

  it('sends nothing when there is nothing (or only entries of sections the broker does not take)', () => {
    expect(buildDigest(prefs(), tuesday, candidates())).toBeNull();
    expect(buildDigest(prefs(), tuesday, candidates({ matches: { title: 'M', moreUrl: '/m', entries: items('M', 3) } }))).toBeNull();
    expect(buildDigest(prefs(), tuesday, candidates({ listings: [{ title: 'C', moreUrl: '/c', entries: [] }] }))).toBeNull();
  });
});

describe('digest days: weekly only on Monday (Eastern)', () => {
  const listing = candidates({ listings: [{ title: 'C', moreUrl: '/c', entries: items('L', 1) }] });

  it('a weekly broker gets Monday’s digest only; a weekdays broker every run day', () => {
    expect(buildDigest(prefs({ digestFrequency: 'weekly' }), tuesday, listing)).toBeNull();
    expect(buildDigest(prefs({ digestFrequency: 'weekly' }), monday, listing)?.shown).toBe(1);
    expect(buildDigest(prefs(), tuesday, listing)?.shown).toBe(1);
  });

  it('Monday is the Eastern calendar day: late Monday evening in New York is Tuesday in UTC', () => {
    expect(isDigestDay('weekly', new Date('2026-12-01T04:30:00Z'))).toBe(true);
    expect(isDigestDay('weekly', new Date('2026-12-01T05:30:00Z'))).toBe(false);
  });

  it('a weekly saved search is in Monday’s digest only, with the week’s hits; a daily one in every digest', () => {
    expect(searchSpanOf({ frequency: 'weekly' }, 'day', tuesday)).toBeNull();
    expect(searchSpanOf({ frequency: 'weekly' }, 'day', monday)).toBe('week');
    expect(searchSpanOf({ frequency: 'daily' }, 'day', monday)).toBe('day');
    expect(searchSpanOf({ frequency: 'daily' }, 'week', monday)).toBe('week');
    expect(searchSpanOf({ frequency: 'instant' }, 'day', monday)).toBeNull();
    const weekly = candidates({ savedSearches: [{ title: 'W', frequency: 'weekly', moreUrl: '/w', hits: items('W', 2) }] });
    expect(buildDigest(prefs(), tuesday, weekly)).toBeNull();
    expect(buildDigest(prefs(), monday, weekly)?.shown).toBe(2);
  });
});

describe('digestWindow', () => {
  it('a weekday runs from the previous weekday’s 09:00 Eastern; Monday’s from Friday’s', () => {
    expect(digestWindow('day', tuesday)).toEqual({ from: monday, to: tuesday, publishedFrom: tuesday, publishedTo: tuesday });
    expect(digestWindow('day', monday).from).toEqual(new Date('2026-11-27T14:00:00Z'));
  });

  it('a week runs from the previous Monday’s 09:00 and owes the listings published Tuesday to Sunday', () => {
    expect(digestWindow('week', monday)).toEqual({
      from: new Date('2026-11-23T14:00:00Z'),
      to: monday,
      publishedFrom: new Date('2026-11-24T05:00:00Z'),
      publishedTo: new Date('2026-11-30T05:00:00Z'),
    });
  });

  it('follows the clock change: the Monday after daylight saving ends is 14:00Z, the one before 13:00Z', () => {
    const afterChange = new Date('2026-11-02T14:00:00Z');
    expect(digestWindow('week', afterChange).from).toEqual(new Date('2026-10-26T13:00:00Z'));
  });
});
