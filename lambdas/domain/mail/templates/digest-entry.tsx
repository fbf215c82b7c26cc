import { byId, listingTypeHasLease, listingTypeHasSale, listingTypes, markets, propertyTypes } from '../../../../shared/catalog';
import { formatLeaseRate, formatSqft, formatSqftRange, formatWholePrice, statedFacts } from '../../../../shared/rules';
import { env } from '../../../core/env';
import type { ListingRecord } from '../../../data/listings';
import type { UserRecord } from '../../../data/users';
import { assetUrl } from '../../assets';
import { brand, PhoneLink } from './layout';

const propertyTypeById = byId(propertyTypes);
const listingTypeById = byId(listingTypes);
const marketById = byId(markets);

export const listingDetailUrl = (listingId: string) => `${env().SITE_URL}/consumer/listing/${encodeURIComponent(listingId)}`;

/** What one entry of a digest shows (a listing, or in the personal digest a requirement or a match). */
export interface DigestEntryView {
  title: string;
  url: string;
  /** "For Sale · Office" */
  kind: string;
  facts: string[];
  /** Name and firm of the listing's broker, and their phone: a broker can call without opening the site. */
  broker: string[];
  phone?: string;
  thumbnailUrl: string | null;
}

/** What one listing of the digest shows: computed once per run, shared by every broker's mail. */
export interface DigestEntry extends DigestEntryView {
  listingId: string;
  /** The listing's owner, who is left out of its digest entry. */
  ownerId: string;
}

/** Sale price (whole dollars) and/or lease rate, as the listing's type asks (shared display rules). */
function priceLines(listing: ListingRecord): string[] {
  const lines: string[] = [];
  if (listingTypeHasSale(listing.listingTypeId)) lines.push(`Price: ${formatWholePrice(listing.price)}`);
  if (listingTypeHasLease(listing.listingTypeId)) lines.push(`Lease rate: ${formatLeaseRate(listing.leasePrice, listing.leaseFrequencyId)}`);
  return lines;
}

/** "Available: Spring 2027", or the timing as typed when it says so itself ("Available February 2027"). */
const availability = (timing: string) => (/^\s*available\b/i.test(timing) ? timing : `Available: ${timing}`);

function sqftLine(listing: ListingRecord): string {
  if (listing.sqft != null) return `${formatSqft(listing.sqft)} sqft`;
  return formatSqftRange(listing.minSqft, listing.maxSqft);
}

export function digestEntry(listing: ListingRecord, owner: UserRecord | null, reducedPercent: number | null = null): DigestEntry {
  const kind = [listing.listingTypeId && listingTypeById.get(listing.listingTypeId)?.name, listing.propertyTypeId && propertyTypeById.get(listing.propertyTypeId)?.name];
  const submarket = listing.marketId ? (marketById.get(listing.marketId)?.name ?? '') : '';
  const thumbnail = listing.images[0]?.thumbnail;
  return {
    listingId: listing.listingId,
    ownerId: listing.userId,
    title: listing.title,
    url: listingDetailUrl(listing.listingId),
    kind: kind.filter(Boolean).join(' · '),
    facts: [
      reducedPercent ? `Price reduced ${reducedPercent} % since its last listing` : '',
      ...priceLines(listing),
      sqftLine(listing),
      statedFacts(listing.propertyTypeId, listing.facts)
        .map((fact) => `${fact.name}: ${fact.value}`)
        .join(' · '),
      submarket,
      listing.timing && availability(listing.timing),
    ].filter(Boolean),
    broker: owner ? [`${owner.firstName} ${owner.lastName}`.trim(), owner.brokerInfo?.name ?? ''].filter(Boolean) : [],
    ...(owner?.phone ? { phone: owner.phone } : {}),
    thumbnailUrl: thumbnail ? assetUrl(thumbnail) : null,
  };
}

const cell = { padding: '12px 0', borderTop: `1px solid ${brand.line}`, verticalAlign: 'top' } as const;
const details = { ...cell, fontSize: '14px', lineHeight: '1.5', color: brand.body } as const;
const muted = { color: brand.muted } as const;

/**
 * One table row per listing, plain markup: a digest holds many listings, and react-email's Row/Column
 * (a table each) and Text (margins spelt out) would double every entry's bytes towards Gmail's clipping.
 */
export function DigestEntryRow({ entry }: { entry: DigestEntryView }) {
  return (
    <tr>
      <td width="172" style={cell}>
        {entry.thumbnailUrl && (
          <a href={entry.url}>
            <img src={entry.thumbnailUrl} width="160" alt="" style={{ display: 'block', width: '160px', border: 0 }} />
          </a>
        )}
      </td>
      <td style={details}>
        <a href={entry.url} style={{ fontSize: '16px', fontWeight: 700, color: brand.navy }}>
          {entry.title}
        </a>
        <br />
        <span style={muted}>{entry.kind}</span>
        {entry.facts.map((fact, i) => (
          <span key={i}>
            <br />
            {fact}
          </span>
        ))}
        {entry.broker.length > 0 && (
          <>
            <br />
            <span style={muted}>
              Broker: {entry.broker.join(' · ')}
              {entry.phone && (
                <>
                  {' · '}
                  <PhoneLink phone={entry.phone} />
                </>
              )}
            </span>
          </>
        )}
      </td>
    </tr>
  );
}
