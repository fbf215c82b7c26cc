import { describe, expect, it } from 'vitest';
import {
  dealFit,
  expandMarkets,
  keywordsOf,
  matchOf,
  matchingRules,
  type MatchableListing,
  type MatchableRequirement,
} from '../../../shared/rules';

const requirement: MatchableRequirement = {
  requirementTypeId: 'for-lease',
  propertyTypeId: 'industrial',
  marketIds: ['sac-power-inn', 'sac-rancho-cordova'],
  sqftMin: 10_000,
  sqftMax: 15_000,
  maxPrice: null,
  maxLeaseRate: null,
  maxLeaseFrequencyId: null,
  keywords: [],
};

const listing: MatchableListing = {
  listingTypeId: 'for-lease',
  propertyTypeId: 'industrial',
  marketId: 'sac-power-inn',
  sqft: 12_400,
  minSqft: null,
  maxSqft: null,
  price: null,
  leasePrice: null,
  leaseFrequencyId: null,
  keywords: [],
};

const reason = (result: ReturnType<typeof matchOf>, criterion: string) => result?.reasons.find((r) => r.criterion === criterion);

describe('dealFit (the shared type catalogue)', () => {
  it.each([
    ['for-lease', 'for-lease', 1],
    ['for-sale-user', 'for-sale-user', 1],
    ['for-sale-or-lease', 'for-lease', 1],
    ['for-sale-or-lease', 'for-sale-investment', 1],
    ['for-lease', 'for-sale-or-lease', 1],
    ['for-sale-user', 'for-sale-or-lease', 1],
    ['for-sale-user', 'for-sale-investment', matchingRules.partialDealFit],
    ['for-sale-investment', 'for-sale-user', matchingRules.partialDealFit],
    ['for-lease', 'for-sale-user', null],
    ['for-sale-investment', 'for-lease', null],
  ])('requirement %s against listing %s → %s', (req, lst, fit) => {
    expect(dealFit(req, lst)).toBe(fit);
  });
});

describe('expandMarkets', () => {
  it('a county stands for all its submarkets; a county without submarkets is itself', () => {
    const placer = expandMarkets(['placer']);
    expect([...placer]).toEqual(['placer-auburn', 'placer-granite-bay', 'placer-lincoln', 'placer-rocklin', 'placer-roseville', 'placer-outlier-placer-county']);
    expect([...expandMarkets(['sutter-county'])]).toEqual(['sutter-county']);
    expect([...expandMarkets(['sac-midtown'])]).toEqual(['sac-midtown']);
  });
});

describe('matchOf: the gates', () => {
  it('the same deal, property type and a market among the requirement\'s, size within: 100 less the keywords', () => {
    const result = matchOf(requirement, listing);
    expect(result?.score).toBe(90);
    expect(result?.reasons.map((r) => [r.criterion, r.verdict])).toEqual([
      ['deal', 'fit'],
      ['propertyType', 'fit'],
      ['market', 'fit'],
      ['size', 'fit'],
      ['keywords', 'miss'],
    ]);
    expect(reason(result, 'size')?.text).toBe('12,400 sf — within 10,000–15,000 sf');
    expect(reason(result, 'market')?.text).toBe("Power Inn — in the requirement's markets");
  });

  it('another property type, another market or an unfitting deal is no match', () => {
    expect(matchOf(requirement, { ...listing, propertyTypeId: 'office' })).toBeNull();
    expect(matchOf(requirement, { ...listing, marketId: 'sac-midtown' })).toBeNull();
    expect(matchOf(requirement, { ...listing, listingTypeId: 'for-sale-user' })).toBeNull();
    expect(matchOf(requirement, { ...listing, listingTypeId: null })).toBeNull();
  });

  it('a requirement naming a whole county matches a listing in any of its submarkets, not a neighbour county', () => {
    const county = { ...requirement, marketIds: ['placer'] };
    expect(matchOf(county, { ...listing, marketId: 'placer-roseville' })).not.toBeNull();
    expect(matchOf(county, { ...listing, marketId: 'yolo-davis' })).toBeNull();
    const everySubmarket = { ...requirement, marketIds: [...expandMarkets(['placer'])] };
    expect(matchOf(everySubmarket, { ...listing, marketId: 'placer-lincoln' })).not.toBeNull();
  });

  it('sale or lease on either side fits any sale or lease type in full', () => {
    expect(matchOf({ ...requirement, requirementTypeId: 'for-sale-or-lease' }, listing)?.score).toBe(90);
    expect(matchOf(requirement, { ...listing, listingTypeId: 'for-sale-or-lease' })?.score).toBe(90);
  });

  it('user against investment is a partial deal fit, scored lower, marked ~', () => {
    const result = matchOf({ ...requirement, requirementTypeId: 'for-sale-user' }, { ...listing, listingTypeId: 'for-sale-investment' });
    // deal half of 20 + size 40 of 60 core → 50/60 × 90 = 75.
    expect(result?.score).toBe(75);
    expect(reason(result, 'deal')).toEqual({ criterion: 'deal', verdict: 'partial', text: 'For Sale - Investment — asked: For Sale - User' });
  });
});

describe('matchOf: size', () => {
  it.each([
    // [listing size, requirement min, max, score or null]
    [{ sqft: 10_000 }, 10_000, 15_000, 90],
    [{ sqft: 15_000 }, 10_000, 15_000, 90],
    [{ sqft: null, minSqft: 14_000, maxSqft: 20_000 }, 10_000, 15_000, 90],
    [{ sqft: null, minSqft: 4_000, maxSqft: 10_000 }, 10_000, 15_000, 90],
    [{ sqft: 9_000 }, 10_000, 15_000, 75], // 10% under: size fit 0.75 → (20 + 30)/60 × 90
    [{ sqft: 8_000 }, 10_000, 15_000, 60], // 20% under: the floor, exactly the minimum score
    [{ sqft: 7_999 }, 10_000, 15_000, null], // past the tolerance: no match
    [{ sqft: 18_000 }, 10_000, 15_000, 60], // 20% over
    [{ sqft: 18_001 }, 10_000, 15_000, null],
    [{ sqft: 900_000 }, 10_000, null, 90], // an empty maximum has no ceiling
    [{ sqft: 100 }, null, 15_000, 90], // an empty minimum has no floor
    [{ sqft: null }, 10_000, 15_000, 90], // unstated on the listing: not scored
    [{ sqft: 5 }, null, null, 90], // unstated on the requirement: not scored
    [{ sqft: null, minSqft: 30_000, maxSqft: null }, 10_000, 15_000, null], // one side of a range is a size
  ])('listing %o against %s–%s → %s', (size, sqftMin, sqftMax, score) => {
    const result = matchOf({ ...requirement, sqftMin, sqftMax }, { ...listing, ...size });
    expect(result?.score ?? null).toBe(score);
  });

  it('says how far outside a size is', () => {
    expect(reason(matchOf(requirement, { ...listing, sqft: 9_000 }), 'size')).toEqual({
      criterion: 'size',
      verdict: 'partial',
      text: '9,000 sf — 10% under 10,000–15,000 sf',
    });
    expect(reason(matchOf({ ...requirement, sqftMax: null }, { ...listing, sqft: null, minSqft: 8_500, maxSqft: 9_500 }), 'size')?.text).toBe(
      '8,500–9,500 sf — 5% under 10,000+ sf',
    );
  });
});

describe('matchOf: price', () => {
  const sale = { ...requirement, requirementTypeId: 'for-sale-user' as const, maxPrice: 2_000_000 };
  const saleListing = { ...listing, listingTypeId: 'for-sale-user' as const, price: 1_800_000 };

  it('within the budget scores full and says so', () => {
    const result = matchOf(sale, saleListing);
    expect(result?.score).toBe(90);
    expect(reason(result, 'price')).toEqual({ criterion: 'price', verdict: 'fit', text: '$1,800,000 — within the budget of $2,000,000' });
  });

  it('up to 10 % over is partial, more scores nothing but the rest may still match', () => {
    expect(matchOf(sale, { ...saleListing, price: 2_100_000 })?.score).toBe(83); // 5 % over: 0.75 × 30 → (20+40+22.5)/90 × 90
    const far = matchOf(sale, { ...saleListing, price: 3_000_000 });
    expect(far?.score).toBe(60);
    expect(reason(far, 'price')).toMatchObject({ verdict: 'miss', text: '$3,000,000 — 50% over the budget of $2,000,000' });
  });

  it('a price on one side only is not scored; negotiable (empty or zero) neither', () => {
    expect(reason(matchOf({ ...sale, maxPrice: null }, saleListing), 'price')).toBeUndefined();
    expect(reason(matchOf(sale, { ...saleListing, price: 0 }), 'price')).toBeUndefined();
  });

  it('lease rates compare per year whatever the frequency', () => {
    const lease = { ...requirement, maxLeaseRate: 18, maxLeaseFrequencyId: 'annually' as const };
    const monthly = { ...listing, leasePrice: 1.45, leaseFrequencyId: 'monthly' as const };
    expect(reason(matchOf(lease, monthly), 'price')).toEqual({
      criterion: 'price',
      verdict: 'fit',
      text: '$1.45 per sqft / Monthly — within the maximum of $18 per sqft / Annually',
    });
    expect(reason(matchOf(lease, { ...monthly, leasePrice: 1.6 }), 'price')?.verdict).toBe('partial'); // 19.2 a year: 6.7 % over
    expect(reason(matchOf(lease, { ...monthly, leasePrice: 2 }), 'price')?.verdict).toBe('miss');
  });

  it('sale or lease with both prices: the better fit counts', () => {
    const either = { ...requirement, requirementTypeId: 'for-sale-or-lease' as const, maxPrice: 1_000_000, maxLeaseRate: 2, maxLeaseFrequencyId: 'monthly' as const };
    const both = { ...listing, listingTypeId: 'for-sale-or-lease' as const, price: 5_000_000, leasePrice: 1.5, leaseFrequencyId: 'monthly' as const };
    expect(reason(matchOf(either, both), 'price')?.verdict).toBe('fit');
  });
});

describe('matchOf: keywords and the minimum score', () => {
  it('shared words add up to 10 points, three for all of them', () => {
    const words = { ...requirement, keywords: keywordsOf(['Dock-high doors', 'Fenced yard'], 'Needs heavy power and clear height') };
    const one = matchOf(words, { ...listing, keywords: keywordsOf(['Fenced lot'], '') });
    expect(one?.score).toBe(93);
    expect(reason(one, 'keywords')).toEqual({ criterion: 'keywords', verdict: 'partial', text: 'Both mention “fenced”' });
    const three = matchOf(words, { ...listing, keywords: keywordsOf(['Dock-high doors, fenced yard, heavy power'], '') });
    expect(three?.score).toBe(100);
    expect(reason(three, 'keywords')?.verdict).toBe('fit');
  });

  it('keywordsOf keeps distinct significant words, at most 60', () => {
    expect(keywordsOf(['The Dock doors', 'dock DOORS'], 'with a yard')).toEqual(['dock', 'doors', 'yard']);
    expect(keywordsOf([], Array.from({ length: 100 }, (_, i) => `word${i}`).join(' '))).toHaveLength(60);
  });

  it('below the minimum score there is no match', () => {
    // partial deal (10) + size at its floor (20) of 60 → 45: no match.
    const weak = matchOf({ ...requirement, requirementTypeId: 'for-sale-user' }, { ...listing, listingTypeId: 'for-sale-investment', sqft: 8_000 });
    expect(weak).toBeNull();
  });
});
