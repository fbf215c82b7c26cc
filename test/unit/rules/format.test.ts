import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blastDateKey } from '../../../shared/rules/blast';
import {
  brochureHref,
  daysOnBisn,
  daysOnBisnLabel,
  digitsOnly,
  formatAddress,
  formatDate,
  formatDateTime,
  formatLeaseRate,
  formatPhone,
  phoneLooksIncomplete,
  marketDay,
  formatPrice,
  formatSqft,
  formatSqftRange,
  greetingName,
  formatThousands,
  initials,
  parseDecimalInput,
  parseDigitsInput,
  sanitizeDecimalInput,
} from '../../../shared/rules';

describe('formatPrice', () => {
  it('is Negotiable when empty or zero', () => {
    expect(formatPrice(null)).toBe('Negotiable');
    expect(formatPrice(undefined)).toBe('Negotiable');
    expect(formatPrice(0)).toBe('Negotiable');
    expect(formatPrice(Number.NaN)).toBe('Negotiable');
  });

  it('shows whole dollars with thousands separators', () => {
    expect(formatPrice(1_250_000)).toBe('$1,250,000');
    expect(formatPrice(950)).toBe('$950');
    expect(formatPrice(2_500_000_000)).toBe('$2,500,000,000');
  });

  it('keeps cents only when there are any', () => {
    expect(formatPrice(1.5)).toBe('$1.50');
    expect(formatPrice(1250.05)).toBe('$1,250.05');
    expect(formatPrice(0.75)).toBe('$0.75');
    expect(formatPrice(2.999)).toBe('$3');
  });
});

describe('formatLeaseRate', () => {
  it('is "$X per sqft / frequency"', () => {
    expect(formatLeaseRate(1.5, 'monthly')).toBe('$1.50 per sqft / Monthly');
    expect(formatLeaseRate(24, 'annually')).toBe('$24 per sqft / Annually');
  });

  it('leaves out a frequency that is not chosen', () => {
    expect(formatLeaseRate(2, null)).toBe('$2 per sqft');
  });

  it('is Negotiable without a rate', () => {
    expect(formatLeaseRate(null, 'monthly')).toBe('Negotiable');
    expect(formatLeaseRate(0, null)).toBe('Negotiable');
  });
});

describe('greetingName', () => {
  it('greets with the first name, else the placeholder (spec 01 §3)', () => {
    expect(greetingName('Ada')).toBe('Ada');
    expect(greetingName('  Ada ')).toBe('Ada');
    for (const missing of ['', '   ', null, undefined]) expect(greetingName(missing)).toBe('Member');
  });
});

describe('formatSqft and formatSqftRange', () => {
  it('groups thousands; zero is shown; empty is ""', () => {
    expect(formatSqft(12_500)).toBe('12,500');
    expect(formatSqft(0)).toBe('0');
    expect(formatSqft(100_000_000)).toBe('100,000,000');
    expect(formatSqft(null)).toBe('');
  });

  it('shows "min - max sqft" by default and "min - max" without the unit', () => {
    expect(formatSqftRange(1000, 5000)).toBe('1,000 - 5,000 sqft');
    expect(formatSqftRange(1000, 5000, { unit: false })).toBe('1,000 - 5,000');
  });

  it('handles one side, equal sides and neither', () => {
    expect(formatSqftRange(1000, null)).toBe('1,000+ sqft');
    expect(formatSqftRange(null, 5000)).toBe('Up to 5,000 sqft');
    expect(formatSqftRange(null, 5000, { unit: false })).toBe('Up to 5,000');
    expect(formatSqftRange(2500, 2500)).toBe('2,500 sqft');
    expect(formatSqftRange(0, 800)).toBe('0 - 800 sqft');
    expect(formatSqftRange(null, undefined)).toBe('');
    expect(formatSqftRange(null, null, { unit: false })).toBe('');
  });
});

describe('phoneLooksIncomplete', () => {
  it.each(['9165550100', '(916) 555-0100', '555-0100 x12', '916 555 0100 ext. 4', '555 0100 extension 4', '', '  ', null])('is fine with %j', (phone) =>
    expect(phoneLooksIncomplete(phone)).toBe(false),
  );
  it.each(['555-0100', '916555010', '+1 916 555 0100', '91655501000', 'call me'])('warns of %j', (phone) => expect(phoneLooksIncomplete(phone)).toBe(true));
});

describe('formatPhone', () => {
  it('formats exactly ten digits, whatever the punctuation', () => {
    expect(formatPhone('9165550100')).toBe('(916) 555-0100');
    expect(formatPhone('916.555.0100')).toBe('(916) 555-0100');
    expect(formatPhone(' (916) 555 0100 ')).toBe('(916) 555-0100');
  });

  it('shows anything else as typed', () => {
    expect(formatPhone('+1 916 555 0100')).toBe('+1 916 555 0100');
    expect(formatPhone('555-0100 ext 2')).toBe('555-0100 ext 2');
    expect(formatPhone('')).toBe('');
    expect(formatPhone(null)).toBe('');
  });
});

describe('formatDate', () => {
  it('is MM/dd/yyyy in Pacific time', () => {
    expect(formatDate('2026-06-22T13:00:00.000Z')).toBe('06/22/2026');
    // 02:00 UTC on the 23rd is still the evening of the 22nd in Sacramento
    expect(formatDate('2026-06-23T02:00:00Z')).toBe('06/22/2026');
    expect(formatDate(new Date('2027-01-01T07:59:59Z'))).toBe('12/31/2026');
    expect(formatDate(new Date('2027-01-01T08:00:00Z'))).toBe('01/01/2027');
  });

  it('is "" when empty or not a date', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('formatDateTime', () => {
  it('is MM/dd/yyyy h:mm AM in Pacific time', () => {
    expect(formatDateTime('2026-06-22T13:05:00.000Z')).toBe('06/22/2026 6:05 AM');
    expect(formatDateTime('2026-06-23T02:00:00Z')).toBe('06/22/2026 7:00 PM');
    expect(formatDateTime('2027-01-01T08:00:00Z')).toBe('01/01/2027 12:00 AM');
    expect(formatDateTime('2027-01-01T20:30:00Z')).toBe('01/01/2027 12:30 PM');
    expect(formatDateTime('not a date')).toBe('');
    expect(formatDateTime(null)).toBe('');
  });
});

describe('formatAddress', () => {
  it('gives street, unit and "City, ST zip-zip4" lines', () => {
    expect(
      formatAddress({
        address1: '1801 L St',
        address2: 'Suite 200',
        city: 'Sacramento',
        state: 'CA',
        zipCode: '95811',
        zip4: '4010',
      }),
    ).toEqual(['1801 L St', 'Suite 200', 'Sacramento, CA 95811-4010']);
  });

  it('drops the optional unit and zip4', () => {
    expect(
      formatAddress({ address1: '1801 L St', address2: '', city: 'Sacramento', state: 'CA', zipCode: '95811', zip4: '' }),
    ).toEqual(['1801 L St', 'Sacramento, CA 95811']);
  });

  it('does not show a zip4 without a zip, nor stray punctuation for missing parts', () => {
    expect(formatAddress({ city: 'Davis', zip4: '1234' })).toEqual(['Davis']);
    expect(formatAddress({ state: 'CA', zipCode: '95616' })).toEqual(['CA 95616']);
    expect(formatAddress({ address1: '  ', address2: null })).toEqual([]);
  });
});

describe('initials', () => {
  it('is the uppercased first letters of both names', () => {
    expect(initials('ada', 'lovelace')).toBe('AL');
    expect(initials(' Grace ', 'hopper')).toBe('GH');
  });

  it('is "" when either name is missing', () => {
    expect(initials('Ada', '')).toBe('');
    expect(initials('', 'Lovelace')).toBe('');
    expect(initials(null, 'Lovelace')).toBe('');
    expect(initials('Ada', undefined)).toBe('');
    expect(initials('  ', 'Lovelace')).toBe('');
  });
});

describe('daysOnBisn', () => {
  const published = '2026-06-01T13:00:00.000Z';

  it('is at least 1, even the moment it is published or for a future date', () => {
    expect(daysOnBisn(published, new Date(published))).toBe(1);
    expect(daysOnBisn(published, new Date('2026-06-01T20:00:00Z'))).toBe(1);
    expect(daysOnBisn('2026-07-01T00:00:00Z', new Date(published))).toBe(1);
  });

  it('counts whole 24-hour days', () => {
    expect(daysOnBisn(published, new Date('2026-06-03T12:59:59Z'))).toBe(1);
    expect(daysOnBisn(published, new Date('2026-06-03T13:00:00Z'))).toBe(2);
    expect(daysOnBisn(new Date(published), new Date('2026-09-29T13:00:00Z'))).toBe(120);
  });

  it('labels one day and many days', () => {
    expect(daysOnBisnLabel(1)).toBe('1 day on BISN');
    expect(daysOnBisnLabel(5)).toBe('5 days on BISN');
    expect(daysOnBisnLabel(daysOnBisn(published, new Date(published)))).toBe('1 day on BISN');
  });
});

describe('brochureHref', () => {
  it('prefixes https:// when there is no scheme', () => {
    expect(brochureHref('example.com/brochure.pdf')).toBe('https://example.com/brochure.pdf');
    expect(brochureHref(' www.example.com ')).toBe('https://www.example.com');
  });

  it('keeps http and https links', () => {
    expect(brochureHref('http://example.com/a.pdf')).toBe('http://example.com/a.pdf');
    expect(brochureHref('HTTPS://example.com/a.pdf')).toBe('HTTPS://example.com/a.pdf');
  });

  it('never yields another scheme, nor a link to a private host', () => {
    expect(brochureHref('javascript:alert(1)')).toBe('');
    expect(brochureHref('//evil.example/x')).toBe('');
    expect(brochureHref('http://192.168.1.10/x.pdf')).toBe('');
  });

  it('is "" when empty', () => {
    expect(brochureHref('')).toBe('');
    expect(brochureHref(null)).toBe('');
  });
});

describe('sqft inputs', () => {
  it('keep digits only and show thousands separators', () => {
    expect(digitsOnly('12,5a00 ')).toBe('12500');
    expect(formatThousands('12500')).toBe('12,500');
    expect(formatThousands('1234567')).toBe('1,234,567');
    expect(formatThousands('999')).toBe('999');
    expect(formatThousands('1,000')).toBe('1,000');
    expect(formatThousands('007')).toBe('7');
    expect(formatThousands('0')).toBe('0');
    expect(formatThousands('')).toBe('');
  });

  it('stand for a number, or null when empty', () => {
    expect(parseDigitsInput('12,500')).toBe(12500);
    expect(parseDigitsInput('0')).toBe(0);
    expect(parseDigitsInput('')).toBeNull();
    expect(parseDigitsInput('abc')).toBeNull();
  });
});

describe('price inputs', () => {
  it('keep digits and the first decimal point while typing', () => {
    expect(sanitizeDecimalInput('1,250.50')).toBe('1250.50');
    expect(sanitizeDecimalInput('$12a.5')).toBe('12.5');
    expect(sanitizeDecimalInput('1.2.3')).toBe('1.23');
    expect(sanitizeDecimalInput('.')).toBe('.');
    expect(sanitizeDecimalInput('')).toBe('');
  });

  it('become a number on blur, or null', () => {
    expect(parseDecimalInput('1250.50')).toBe(1250.5);
    expect(parseDecimalInput('$1,250,000')).toBe(1_250_000);
    expect(parseDecimalInput('12.')).toBe(12);
    expect(parseDecimalInput('.75')).toBe(0.75);
    expect(parseDecimalInput('0')).toBe(0);
    expect(parseDecimalInput('')).toBeNull();
    expect(parseDecimalInput('.')).toBeNull();
    expect(parseDecimalInput('1.2.3')).toBeNull();
    expect(parseDecimalInput('-5')).toBeNull();
    expect(parseDecimalInput('12abc')).toBeNull();
  });
});

describe('calendar dates in their zones', () => {
  // The platform's own time-zone database is the oracle: en-US gives MM/DD/YYYY, en-CA gives YYYY-MM-DD.
  const inZone = (locale: string, timeZone: string) =>
    new Intl.DateTimeFormat(locale, { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const pacific = inZone('en-US', 'America/Los_Angeles');
  const eastern = inZone('en-CA', 'America/New_York');

  it("formatDate is 'MM/dd/yyyy' in Pacific time and blastDateKey 'yyyy-MM-dd' in Eastern time, for any instant", () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }), (date) => {
        expect(formatDate(date)).toBe(pacific.format(date));
        expect(blastDateKey(date)).toBe(eastern.format(date));
      }),
    );
  });
});

describe('marketDay', () => {
  it('is the calendar date in Sacramento, across both daylight-saving changes', () => {
    expect(marketDay(new Date('2024-03-10T07:59:00Z'))).toBe('2024-03-09');
    expect(marketDay(new Date('2024-03-10T08:00:00Z'))).toBe('2024-03-10');
    expect(marketDay(new Date('2024-07-01T06:59:00Z'))).toBe('2024-06-30');
    expect(marketDay(new Date('2024-07-01T07:00:00Z'))).toBe('2024-07-01');
    expect(marketDay('2024-11-03T08:30:00Z')).toBe('2024-11-03');
    expect(marketDay()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
