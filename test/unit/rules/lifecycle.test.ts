import { describe, expect, it } from 'vitest';
import {
  canRequirement,
  daysLeft,
  lastPriceChange,
  propertyKeyOf,
  reminderDue,
  requirementExpiresAt,
  type RequirementAction,
  type RequirementLifecycleStatus,
} from '../../../shared/rules';

const DAY = 24 * 60 * 60 * 1000;

describe('what the owner may do in which status', () => {
  const statuses: RequirementLifecycleStatus[] = ['pending', 'queued', 'processing', 'sent', 'filled', 'withdrawn', 'expired'];
  const table: Record<RequirementAction, RequirementLifecycleStatus[]> = {
    edit: ['pending', 'sent'],
    fill: ['sent', 'expired'],
    withdraw: ['pending', 'sent', 'expired'],
    renew: ['sent', 'expired'],
  };
  for (const [action, allowed] of Object.entries(table) as [RequirementAction, RequirementLifecycleStatus[]][]) {
    it.each(statuses)(`${action} when %s`, (status) => expect(canRequirement(action, status)).toBe(allowed.includes(status)));
  }
});

describe('expiry', () => {
  it('90 days after the broadcast or the last renewal, to the millisecond', () => {
    expect(requirementExpiresAt('2026-01-01T10:00:00.000Z')).toBe('2026-04-01T10:00:00.000Z');
    // Across the March DST change: 90 × 24 hours, not 90 calendar days in Pacific time.
    expect(Date.parse(requirementExpiresAt('2026-02-20T08:00:00.000Z')) - Date.parse('2026-02-20T08:00:00.000Z')).toBe(90 * DAY);
  });

  it.each([
    // [days before expiry, thresholds, due]
    [31, [30, 14, 1], null],
    [30, [30, 14, 1], 30],
    [20, [30, 14, 1], 30],
    [14, [30, 14, 1], 14],
    [13.5, [30, 14, 1], 14],
    [1, [30, 14, 1], 1],
    [0.01, [30, 14, 1], 1],
    [0, [30, 14, 1], null],
    [-1, [30, 14, 1], null],
    [7.0001, [7, 1], null],
    [7, [7, 1], 7],
    [2, [7, 1], 7],
    [1, [7, 1], 1],
  ])('%s days before with %o → %s', (before, thresholds, due) => {
    const now = new Date('2026-06-01T00:00:00.000Z');
    const expiresAt = new Date(now.getTime() + before * DAY).toISOString();
    expect(reminderDue(expiresAt, now, thresholds)).toBe(due);
  });

  it('days left round up and stop at 0', () => {
    const now = new Date('2026-06-01T00:00:00.000Z');
    expect(daysLeft(new Date(now.getTime() + 6.2 * DAY).toISOString(), now)).toBe(7);
    expect(daysLeft(new Date(now.getTime() + 7 * DAY).toISOString(), now)).toBe(7);
    expect(daysLeft(new Date(now.getTime() - DAY).toISOString(), now)).toBe(0);
  });
});

describe('the same property', () => {
  it.each([
    [{ address1: '1500 J Street', address2: 'Suite 200', zipCode: '95814' }, { address1: '1500 J St.', address2: 'Ste 200', zipCode: '95814' }, true],
    [{ address1: '1500 J Street', address2: '#200', zipCode: '95814' }, { address1: '1500 j st', address2: 'Unit 200', zipCode: '95814-1234' }, true],
    [{ address1: '8450 Belvedere Avenue', address2: '', zipCode: '95826' }, { address1: '8450 BELVEDERE AVE', address2: '', zipCode: '95826' }, true],
    [{ address1: '1500 J Street', address2: 'Suite 200', zipCode: '95814' }, { address1: '1500 J Street', address2: 'Suite 201', zipCode: '95814' }, false],
    [{ address1: '1500 J Street', address2: '', zipCode: '95814' }, { address1: '1500 J Street', address2: '', zipCode: '95816' }, false],
  ])('%o and %o: %s', (a, b, same) => expect(propertyKeyOf(a) === propertyKeyOf(b)).toBe(same));
});

describe('days on BISN and price changes', () => {
  it('says the last change of price, else of lease rate', () => {
    const at = (day: number) => `2026-11-0${day}T17:00:00.000Z`;
    expect(lastPriceChange([{ at: at(1), price: 1_000_000, leasePrice: null }])).toBeNull();
    expect(lastPriceChange([{ at: at(1), price: 1_000_000, leasePrice: null }, { at: at(2), price: 950_000, leasePrice: null }])).toEqual({ direction: 'reduced', percent: 5, at: at(2) });
    expect(lastPriceChange([{ at: at(1), price: null, leasePrice: 2 }, { at: at(2), price: null, leasePrice: 2.2 }])).toEqual({ direction: 'raised', percent: 10, at: at(2) });
    expect(
      lastPriceChange([
        { at: at(1), price: 100, leasePrice: null },
        { at: at(2), price: 90, leasePrice: null },
        { at: at(3), price: 90, leasePrice: null },
      ]),
    ).toEqual({ direction: 'reduced', percent: 10, at: at(2) });
  });
});
