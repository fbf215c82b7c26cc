import { isBrochureUrl } from './links';
import { TZDate } from '@date-fns/tz';
import { factsOfPropertyType, leaseFrequencies, type LeaseFrequencyId, type PropertyFactId } from '../catalog';
import { lazy } from '../lazy';

/**
 * Dates are shown in the market's own zone (the Sacramento region), so a listing published at 22:00
 * Pacific reads as that day for every broker wherever the page is rendered (server e-mail or browser).
 */
export const MARKET_TIME_ZONE = 'America/Los_Angeles';

// Made on first use: the first `Intl` formatter of a process loads ICU data, about 20 ms of the cold start
// of every function importing these rules (a CPU profile of a bundle's cold import), most of which format nothing.
const groupedNumber = /* @__PURE__ */ lazy(() => new Intl.NumberFormat('en-US'));
const wholeDollars = /* @__PURE__ */ lazy(() => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }));
const dollarsAndCents = /* @__PURE__ */ lazy(
  () => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 }),
);

const isAmount = (n: number | null | undefined): n is number => typeof n === 'number' && Number.isFinite(n);

/**
 * "$1,250,000", cents only when there are any ("$1.50"). Empty — and zero, which no one means as a
 * price — reads "Negotiable".
 */
export function formatPrice(price: number | null | undefined): string {
  if (!isAmount(price) || price === 0) return 'Negotiable';
  const cents = Math.round(price * 100);
  return cents % 100 === 0 ? wholeDollars().format(cents / 100) : dollarsAndCents().format(cents / 100);
}

/** "$1,850,000" for "$1,850,000.50": a sale price in the blast, where cents only add noise. Empty or zero → "Negotiable". */
export function formatWholePrice(price: number | null | undefined): string {
  if (!isAmount(price) || price === 0) return 'Negotiable';
  return wholeDollars().format(Math.trunc(price));
}

/** "$1.50 per sqft / Monthly"; without a frequency "$1.50 per sqft"; empty → "Negotiable". */
export function formatLeaseRate(
  leasePrice: number | null | undefined,
  frequencyId: LeaseFrequencyId | null | undefined,
): string {
  if (!isAmount(leasePrice) || leasePrice === 0) return 'Negotiable';
  const frequency = leaseFrequencies.find((f) => f.id === frequencyId)?.name;
  const rate = `${formatPrice(leasePrice)} per sqft`;
  return frequency ? `${rate} / ${frequency}` : rate;
}

/** "12,500"; empty → "". Zero is a real area and shows as "0". */
export function formatSqft(sqft: number | null | undefined): string {
  return isAmount(sqft) ? groupedNumber().format(sqft) : '';
}

/**
 * "1,000 - 5,000 sqft" (requirement detail, listing cards and mails, where no label names the unit) or, with
 * `{ unit: false }`, "1,000 - 5,000" (the listing detail's Available Sqft, spec 02 §5 "min - max").
 * One side only: "1,000+ sqft" / "Up to 5,000 sqft"; equal sides: "5,000 sqft"; neither: "".
 */
export function formatSqftRange(
  min: number | null | undefined,
  max: number | null | undefined,
  options: { unit?: boolean } = {},
): string {
  const low = formatSqft(min);
  const high = formatSqft(max);
  let range: string;
  if (low && high) range = low === high ? low : `${low} - ${high}`;
  else if (low) range = `${low}+`;
  else if (high) range = `Up to ${high}`;
  else return '';
  return options.unit === false ? range : `${range} sqft`;
}

/** "(916) 555-0100" when the value holds exactly 10 digits; anything else is shown as typed. */
export function formatPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  const digits = digitsOnly(phone);
  if (digits.length !== 10) return phone;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/**
 * A phone number worth a second look: neither 10 digits nor an extension ("x12", "ext. 12"). The spec keeps
 * the phone free text, so this only warns.
 */
export function phoneLooksIncomplete(phone: string | null | undefined): boolean {
  const value = phone?.trim();
  if (!value) return false;
  return digitsOnly(value).length !== 10 && !/(?:x|ext\.?|extension)\s*\d+$/i.test(value);
}

/**
 * A phone's `tel:` link: a US number of 10 digits (a leading 1 allowed), with an extension after "x" or
 * "ext"; null for anything else, which stays text (the spec keeps the phone free text).
 */
export function phoneHref(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const [number = '', extension] = phone.split(/\s*(?:x|ext\.?|extension)\s*/i);
  const digits = digitsOnly(number).replace(/^1(?=\d{10}$)/, '');
  if (digits.length !== 10) return null;
  const ext = extension && digitsOnly(extension);
  return `tel:+1${digits}${ext ? `;ext=${ext}` : ''}`;
}

/** The calendar date of `time` in `timeZone` as zero-padded [yyyy, MM, dd]. */
export function calendarDate(time: number, timeZone: string): [year: string, month: string, day: string] {
  const date = new TZDate(time, timeZone);
  const pad = (value: number, length = 2) => String(value).padStart(length, '0');
  return [pad(date.getFullYear(), 4), pad(date.getMonth() + 1), pad(date.getDate())];
}

/** The market's calendar date of a moment, YYYY-MM-DD: the brokers' day in Sacramento. */
export const marketDay = (at: string | number | Date = new Date()): string => calendarDate(new Date(at).getTime(), MARKET_TIME_ZONE).join('-');

/** "MM/dd/yyyy" in MARKET_TIME_ZONE; empty or unparseable → "". */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  const time = new Date(value).getTime();
  if (Number.isNaN(time)) return '';
  const [year, month, day] = calendarDate(time, MARKET_TIME_ZONE);
  return `${month}/${day}/${year}`;
}

/** "MM/dd/yyyy h:mm AM" in MARKET_TIME_ZONE (when an operator acted); empty or unparseable → "". */
export function formatDateTime(value: string | Date | null | undefined): string {
  const day = formatDate(value);
  if (!day) return '';
  const date = new TZDate(new Date(value!).getTime(), MARKET_TIME_ZONE);
  const hours = date.getHours();
  return `${day} ${hours % 12 || 12}:${String(date.getMinutes()).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

export interface AddressParts {
  readonly address1?: string | null;
  readonly address2?: string | null;
  readonly city?: string | null;
  readonly state?: string | null;
  readonly zipCode?: string | null;
  readonly zip4?: string | null;
}

/** Display lines: street, the unit when there is one, then "City, ST 12345-6789". Empty lines are dropped. */
export function formatAddress(address: AddressParts): string[] {
  const part = (value: string | null | undefined) => value?.trim() ?? '';
  const zip4 = part(address.zip4);
  const zip = part(address.zipCode) && zip4 ? `${part(address.zipCode)}-${zip4}` : part(address.zipCode);
  const stateZip = [part(address.state), zip].filter(Boolean).join(' ');
  const cityLine = [part(address.city), stateZip].filter(Boolean).join(', ');
  return [part(address.address1), part(address.address2), cityLine].filter(Boolean);
}

/** Spec 01 §3: the first name the app greets with when the record has none (an account made in the console). */
export const firstNamePlaceholder = 'Member';

/** The first name to greet with: the record's, else the placeholder. */
export function greetingName(firstName: string | null | undefined): string {
  return firstName?.trim() || firstNamePlaceholder;
}

/** Avatar fallback (spec 01 §2): first letters of both names, uppercased; "" if either is missing. */
export function initials(firstName: string | null | undefined, lastName: string | null | undefined): string {
  const first = firstName?.trim() ?? '';
  const last = lastName?.trim() ?? '';
  if (!first || !last) return '';
  return `${first[0]}${last[0]}`.toUpperCase();
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whole 24-hour days since the listing went out (the editor preview passes the creation date), never
 * less than 1: a listing published an hour ago has been on BISN for 1 day.
 */
export function daysOnBisn(since: string | Date, now: Date): number {
  const elapsed = now.getTime() - new Date(since).getTime();
  if (Number.isNaN(elapsed)) return 1;
  return Math.max(1, Math.floor(elapsed / DAY_MS));
}

/** "1 day on BISN" / "5 days on BISN". */
export function daysOnBisnLabel(days: number): string {
  return `${days} ${days === 1 ? 'day' : 'days'} on BISN`;
}

/**
 * The brochure link as an href: http(s) URLs as they are, anything else gets "https://" in front, so
 * a stored value can never become a javascript: or other-scheme link. Empty → "".
 */
export function brochureHref(url: string | null | undefined): string {
  const trimmed = url?.trim() ?? '';
  // Links saved before a scheme was required were shown https:// prefixed; a link that is no brochure URL is not shown.
  const href = /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  return trimmed && isBrochureUrl(href) ? href : '';
}

/** What a digits-only input keeps (sqft inputs, phone comparison). */
export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}

/** "12500" → "12,500" for sqft inputs; non-digits are dropped, leading zeros too; "" stays "". */
export function formatThousands(digits: string): string {
  const clean = digitsOnly(digits).replace(/^0+(?=\d)/, '');
  return clean.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** The number a sqft input stands for; null when it holds no digits. */
export function parseDigitsInput(value: string): number | null {
  const digits = digitsOnly(value);
  return digits ? Number(digits) : null;
}

/** What a price input keeps while typing: digits and the first decimal point. */
export function sanitizeDecimalInput(value: string): string {
  const [whole = '', ...rest] = value.replace(/[^\d.]/g, '').split('.');
  return rest.length ? `${whole}.${rest.join('')}` : whole;
}

/**
 * A price input's number on blur: digits with at most one decimal point (thousands separators, "$"
 * and spaces are tolerated); null when empty or not a number.
 */
export function parseDecimalInput(value: string): number | null {
  const text = value.replace(/[\s,$]/g, '');
  if (!/^(\d+\.?\d*|\.\d+)$/.test(text)) return null;
  return Number(text);
}

/** Why BISN stopped e-mailing an address, in a sentence: "Mail bounced on 11/24/2026 (550 5.1.1 user unknown)." */
export function describeMailStop(stop: { reason: 'bounce' | 'complaint'; at: string; detail: string }): string {
  const day = formatDate(stop.at);
  return stop.reason === 'bounce'
    ? `Mail bounced on ${day}${stop.detail ? ` (${stop.detail})` : ''}.`
    : `One of our e-mails was reported as spam on ${day}.`;
}

/**
 * A requirement's budget: "Up to $2,000,000", "Up to $1.50 per sqft / Monthly", both joined by
 * "or"; nothing stated → "".
 */
export function formatBudget(budget: {
  maxPrice: number | null;
  maxLeaseRate: number | null;
  maxLeaseFrequencyId: LeaseFrequencyId | null;
}): string {
  const parts: string[] = [];
  if (isAmount(budget.maxPrice) && budget.maxPrice > 0) parts.push(`Up to ${formatWholePrice(budget.maxPrice)}`);
  if (isAmount(budget.maxLeaseRate) && budget.maxLeaseRate > 0) {
    parts.push(`${parts.length ? 'up' : 'Up'} to ${formatLeaseRate(budget.maxLeaseRate, budget.maxLeaseFrequencyId)}`);
  }
  return parts.join(' or ');
}

/** The property facts a listing states for its type, in the catalogue's order, each as shown ("24", "Class A", "1,200"). */
export function statedFacts(propertyTypeId: string | null | undefined, facts: Partial<Record<PropertyFactId, unknown>> | undefined): { id: PropertyFactId; name: string; value: string }[] {
  return factsOfPropertyType(propertyTypeId).flatMap((fact) => {
    const value = facts?.[fact.id];
    if (value === undefined || value === null || value === '') return [];
    const shown = fact.kind === 'class' ? `Class ${String(value)}` : typeof value === 'number' && fact.kind !== 'year' ? value.toLocaleString('en-US') : String(value);
    return [{ id: fact.id, name: fact.name, value: shown }];
  });
}
