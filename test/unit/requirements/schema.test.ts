import { describe, expect, it } from 'vitest';
import { createRequirementRequest, listRequirementsQuery } from '../../../shared/api';

const valid = {
  requirementTypeId: 'for-sale-user',
  propertyTypeId: 'apartment',
  marketIds: ['sac-midtown'],
  title: 'Midtown apartments',
  timing: 'Q3',
};

const messages = (input: unknown) => {
  const result = createRequirementRequest.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) (out[issue.path.join('.')] ??= []).push(issue.message);
  return out;
};

describe('createRequirementRequest', () => {
  it('accepts a minimal requirement and fills the optional fields', () => {
    expect(createRequirementRequest.parse(valid)).toEqual({
      ...valid,
      sqftMin: null,
      sqftMax: null,
      description: '',
      highlights: [],
      maxPrice: null,
      maxLeaseRate: null,
      maxLeaseFrequencyId: null,
    });
  });

  it('a maximum lease rate needs its frequency', () => {
    expect(messages({ ...valid, maxLeaseRate: 2.5 })).toEqual({
      maxLeaseFrequencyId: ['Select whether the maximum lease rate is monthly or annual.'],
    });
    expect(createRequirementRequest.parse({ ...valid, maxLeaseRate: 2.5, maxLeaseFrequencyId: 'monthly', maxPrice: 1_500_000 })).toMatchObject({
      maxLeaseRate: 2.5,
      maxLeaseFrequencyId: 'monthly',
      maxPrice: 1_500_000,
    });
  });

  it("carries the spec's messages", () => {
    expect(messages({})).toMatchObject({
      requirementTypeId: ['You must select a requirement type.'],
      propertyTypeId: ['You must select a property type.'],
    });
    expect(messages({ ...valid, title: '  ', timing: '' })).toEqual({
      title: ['Title cannot be empty.'],
      timing: ['Timing cannot be empty.'],
    });
    expect(messages({ ...valid, marketIds: [] })).toEqual({ marketIds: ['You must pick at least one market.'] });
  });

  it('refuses a minimum square footage above the maximum', () => {
    expect(messages({ ...valid, sqftMin: 5000, sqftMax: 1000 })).toEqual({
      sqftMax: ['Maximum square footage must be at least the minimum.'],
    });
    expect(createRequirementRequest.safeParse({ ...valid, sqftMin: 1000, sqftMax: 1000 }).success).toBe(true);
    expect(createRequirementRequest.safeParse({ ...valid, sqftMin: 1000 }).success).toBe(true);
  });

  it('refuses unknown catalogue ids and more than five highlights', () => {
    expect(messages({ ...valid, marketIds: ['atlantis'] })).toEqual({ 'marketIds.0': ['Unknown market.'] });
    expect(Object.keys(messages({ ...valid, highlights: ['1', '2', '3', '4', '5', '6'] }))).toEqual(['highlights']);
  });
});

describe('listRequirementsQuery', () => {
  it('reads ALL as no filter and defaults the page size to 25, newest first', () => {
    expect(listRequirementsQuery.parse({ requirementTypeId: 'ALL', propertyTypeId: 'office' })).toEqual({
      limit: 25,
      sort: 'newest',
      requirementTypeId: undefined,
      propertyTypeId: 'office',
      marketId: undefined,
    });
  });
});
