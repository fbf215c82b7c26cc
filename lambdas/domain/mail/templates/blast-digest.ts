import { byId, listingTypeHasLease, listingTypeHasSale, markets, propertyTypes } from '../../../../shared/catalog';
import { formatDate, formatLeaseRate, formatPrice, formatSqft, formatSqftRange } from '../../../../shared/rules';
import { env } from '../../../core/env';
import type { ListingRecord } from '../../../data/listings';
import { assetUrl } from '../../assets';
import { escapeHtml, layout, textLayout } from '../layout';
import type { OutgoingMail } from '../send';
import { unsubscribeLinks } from '../unsubscribe';

const propertyTypeById = byId(propertyTypes);
const marketById = byId(markets);

export const listingDetailUrl = (listingId: string) => `${env().SITE_URL}/consumer/listing/${encodeURIComponent(listingId)}`;

export const blastDigestSubject = (count: number, date: Date) =>
  `${count} new ${count === 1 ? 'listing' : 'listings'} on BISN · ${formatDate(date)}`;

/** One listing of the digest, rendered once per run and shared by every broker's mail. */
export interface DigestEntry {
  listingId: string;
  propertyTypeId: string;
  html: string;
  text: string;
}

/** Sale price and/or lease rate, as the listing's type asks (shared display rules). */
function priceLines(listing: ListingRecord): string[] {
  const lines: string[] = [];
  if (listingTypeHasSale(listing.listingTypeId)) lines.push(`Price: ${formatPrice(listing.price)}`);
  if (listingTypeHasLease(listing.listingTypeId)) lines.push(`Lease rate: ${formatLeaseRate(listing.leasePrice, listing.leaseFrequencyId)}`);
  return lines;
}

function sqftLine(listing: ListingRecord): string {
  if (listing.sqft != null) return `${formatSqft(listing.sqft)} sqft`;
  return formatSqftRange(listing.minSqft, listing.maxSqft);
}

const CELL = 'padding:12px 0;border-top:1px solid #e2e8f0;vertical-align:top';

export function digestEntry(listing: ListingRecord): DigestEntry {
  const link = listingDetailUrl(listing.listingId);
  const url = escapeHtml(link);
  const propertyType = listing.propertyTypeId ? (propertyTypeById.get(listing.propertyTypeId)?.name ?? '') : '';
  const submarket = listing.marketId ? (marketById.get(listing.marketId)?.name ?? '') : '';
  const facts = [...priceLines(listing), sqftLine(listing), submarket].filter(Boolean);
  const thumbnail = listing.images[0]?.thumbnail;
  // Kept lean: a digest holds every listing of the day, and Gmail clips messages over about 100 KB.
  const photo = thumbnail
    ? `<a href="${url}"><img src="${escapeHtml(assetUrl(thumbnail))}" width="160" alt="" style="display:block;width:160px;border:0"></a>`
    : '';
  const html = `<tr><td width="172" style="${CELL}">${photo}</td><td style="${CELL};font-size:14px;line-height:1.5;color:#334155">\
<a href="${url}" style="font-size:16px;font-weight:700;color:#0f3d56">${escapeHtml(listing.title)}</a><br>${facts.map(escapeHtml).join('<br>')}</td></tr>`;
  const text = [`${listing.title}${propertyType ? ` (${propertyType})` : ''}`, ...facts, link].join('\n');
  return { listingId: listing.listingId, propertyTypeId: listing.propertyTypeId ?? '', html, text };
}

/**
 * One broker's digest of a blast: the run's listings in the categories they subscribe to, each with
 * photo, title, price or lease rate, size, submarket and a link; the unsubscribe link and RFC 8058 headers.
 */
export async function blastDigestMail(recipientEmail: string, entries: readonly DigestEntry[], date: Date): Promise<OutgoingMail> {
  const { pageUrl, oneClickUrl } = await unsubscribeLinks(recipientEmail);
  const title = `New listings on BISN`;
  const intro = `${entries.length === 1 ? 'One listing was' : `${entries.length} listings were`} broadcast to the community today in the categories you follow.`;
  const why = `You receive this because of your listing subscriptions. You can change them in your profile: ${env().SITE_URL}/consumer/profile`;
  const html = layout({
    title,
    preheader: intro,
    bodyHtml: [
      `<p style="margin:0 0 12px;font-size:15px;line-height:1.5">${escapeHtml(intro)}</p>`,
      `<table role="presentation" width="100%" cellspacing="0" cellpadding="0">${entries.map((e) => e.html).join('\n')}</table>`,
      `<p style="margin:24px 0 0;font-size:12px;line-height:1.5;color:#475569">${escapeHtml(why)}</p>`,
    ].join('\n'),
    unsubscribeUrl: pageUrl,
  });
  const text = textLayout({ title, bodyText: [intro, ...entries.map((e) => e.text), why].join('\n\n'), unsubscribeUrl: pageUrl });
  return { to: recipientEmail, subject: blastDigestSubject(entries.length, date), html, text, oneClickUnsubscribeUrl: oneClickUrl };
}
