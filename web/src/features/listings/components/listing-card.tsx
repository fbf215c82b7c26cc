import { Link } from '@tanstack/react-router';
import { ImageIcon } from 'lucide-react';
import type { ListingSummary } from '@shared/api/schemas/listings';
import { listingTypeHasLease, listingTypeHasSale } from '@shared/catalog';
import { daysOnBisn, daysOnBisnLabel, formatLeaseRate, formatPrice, formatSqft, formatSqftRange } from '@shared/rules/format';
import { Badge } from '@/components/ui/badge';
import { assetUrl } from '@/config/runtime-config';

/** What a card says about size: the sale's square footage, else the lease's range. */
function sizeText(listing: ListingSummary): string {
  if (listingTypeHasSale(listing.type?.listingTypeId) && listing.sqft !== null) return `${formatSqft(listing.sqft)} sqft`;
  if (listingTypeHasLease(listing.type?.listingTypeId)) return formatSqftRange(listing.minSqft, listing.maxSqft);
  return '';
}

/** One card of the Listings browser: photo, type, price or lease rate, size, submarket, days on BISN. */
export function ListingCard({ listing, now }: { listing: ListingSummary; now: Date }) {
  const typeId = listing.type?.listingTypeId;
  const prices = [
    listingTypeHasSale(typeId) ? formatPrice(listing.price) : undefined,
    listingTypeHasLease(typeId) ? formatLeaseRate(listing.leasePrice, listing.leaseFrequencyId) : undefined,
  ].filter(Boolean);
  const facts = [sizeText(listing), listing.market?.name].filter(Boolean).join(' · ');
  const days = daysOnBisn(listing.onMarketSince ?? listing.publishedOn ?? listing.createdAt, now);

  return (
    <Link
      to="/consumer/listing/$listingId"
      params={{ listingId: listing.listingId }}
      className="group flex flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm transition-shadow outline-none hover:shadow-md focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <div className="relative aspect-[4/3] bg-muted">
        {listing.thumbnail ? (
          <img src={assetUrl(listing.thumbnail)} alt="" loading="lazy" className="size-full object-cover" />
        ) : (
          <div className="flex size-full items-center justify-center text-muted-foreground" aria-hidden="true">
            <ImageIcon className="size-8" />
          </div>
        )}
        <Badge variant="secondary" className="absolute top-2 left-2 shadow-sm">
          {daysOnBisnLabel(days)}
        </Badge>
      </div>
      <div className="grid gap-1 p-4">
        <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
          {[listing.type?.name, listing.propertyType?.name].filter(Boolean).join(' · ')}
        </p>
        <h3 className="line-clamp-2 font-semibold group-hover:underline">{listing.title}</h3>
        {prices.map((price) => (
          <p key={price} className="font-medium">
            {price}
          </p>
        ))}
        {facts && <p className="text-sm text-muted-foreground">{facts}</p>}
      </div>
    </Link>
  );
}
