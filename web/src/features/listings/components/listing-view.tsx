import { DownloadIcon, MapPinIcon } from 'lucide-react';
import type { Listing } from '@shared/api/schemas/listings';
import { leaseTypes, listingTypeHasLease, listingTypeHasSale } from '@shared/catalog';
import { brochureHref, daysOnBisn, daysOnBisnLabel, formatAddress, formatDate, formatLeaseRate, formatPrice, formatSqft, formatSqftRange, statedFacts } from '@shared/rules/format';
import { lastPriceChange } from '@shared/rules/lifecycle';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { runtimeConfig } from '@/config/runtime-config';
import { LazyListingMap } from '../map/lazy-listing-map';
import { BrokerCard, ContactCard } from './contact-cards';
import { ListingGallery } from './listing-gallery';

export interface ListingViewProps {
  listing: Listing;
  now: Date;
  /** The editor's live preview: days count from the creation date, nothing links away. */
  preview?: boolean;
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="text-base font-medium">{value}</dd>
    </div>
  );
}

/**
 * A listing as brokers see it (spec 02 "Listing detail", §5 display rules): the listing detail page
 * and the editor's preview render the same component.
 */
export function ListingView({ listing, now, preview = false }: ListingViewProps) {
  const sale = listingTypeHasSale(listing.listingTypeId);
  const lease = listingTypeHasLease(listing.listingTypeId);
  // Days on BISN count the property's earlier listings within 12 months too.
  const days = daysOnBisn(preview ? listing.createdAt : (listing.onMarketSince ?? listing.publishedOn ?? listing.createdAt), now);
  const priceChange = lastPriceChange(listing.priceHistory);
  const address = formatAddress(listing);
  // An uploaded PDF first, else the link the broker typed.
  const brochure = listing.brochureFile ?? brochureHref(listing.brochureUrl);
  const highlights = listing.highlights.filter((line) => line.trim());
  const facts = statedFacts(listing.propertyTypeId, listing.facts);
  const categories = [listing.propertyType?.name, listing.type?.name].filter(Boolean).join(' · ');
  const leaseType = leaseTypes.find((t) => t.id === listing.leaseTypeId)?.name;
  // Spec 02 §5: "min - max"; the label carries the unit.
  const leaseRange = formatSqftRange(listing.minSqft, listing.maxSqft, { unit: false });
  // On its page the title is the h1; in the editor it sits under the drawer's own heading.
  const Title = preview ? 'h3' : 'h1';
  const Heading = preview ? 'h4' : 'h2';

  return (
    <article className="@container">
      <div className="grid gap-6 @3xl:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="grid min-w-0 content-start gap-6">
        <ListingGallery images={listing.images} title={listing.title} />

        <header className="grid gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant="secondary">{daysOnBisnLabel(days)}</Badge>
            {priceChange && (
              <Badge variant={priceChange.direction === 'reduced' ? 'success' : 'outline'}>
                {priceChange.direction === 'reduced' ? 'Reduced' : 'Raised'} {priceChange.percent} % on {formatDate(priceChange.at)}
              </Badge>
            )}
            {categories && <span className="text-sm text-muted-foreground">{categories}</span>}
          </div>
          <Title className="text-2xl font-semibold tracking-tight break-words">{listing.title || 'Untitled listing'}</Title>
        </header>

        {(sale || lease) && (
          <dl className="grid grid-cols-2 gap-4 rounded-lg border bg-card p-4 sm:grid-cols-3">
            {sale && <Fact label="Square Footage" value={listing.sqft === null ? '—' : `${formatSqft(listing.sqft)} sqft`} />}
            {sale && <Fact label="Sales Price" value={formatPrice(listing.price)} />}
            {lease && <Fact label="Lease Rate" value={formatLeaseRate(listing.leasePrice, listing.leaseFrequencyId)} />}
            {lease && <Fact label="Lease Type" value={leaseType ?? '—'} />}
            {lease && <Fact label="Available Sqft" value={leaseRange || '—'} />}
            {listing.timing && <Fact label="Timing" value={listing.timing} />}
          </dl>
        )}

        {facts.length > 0 && (
          <section className="grid gap-2">
            <Heading className="font-semibold">Property facts</Heading>
            <dl className="grid grid-cols-2 gap-4 rounded-lg border bg-card p-4 sm:grid-cols-3">
              {facts.map((fact) => (
                <Fact key={fact.id} label={fact.name} value={fact.value} />
              ))}
            </dl>
          </section>
        )}

        {brochure &&
          (preview ? (
            <Button variant="outline" className="w-fit" disabled>
              <DownloadIcon aria-hidden="true" /> Download Brochure
            </Button>
          ) : (
            <Button asChild variant="outline" className="w-fit">
              <a href={brochure} target="_blank" rel="noopener noreferrer">
                <DownloadIcon aria-hidden="true" /> Download Brochure
              </a>
            </Button>
          ))}

        {listing.description && (
          <section className="grid gap-2">
            <Heading className="font-semibold">Description</Heading>
            <p className="text-sm leading-relaxed whitespace-pre-line">{listing.description}</p>
          </section>
        )}

        {highlights.length > 0 && (
          <section className="grid gap-2">
            <Heading className="font-semibold">Highlights</Heading>
            <ul className="list-disc space-y-1 pl-5 text-sm">
              {highlights.map((line, index) => (
                <li key={index}>{line}</li>
              ))}
            </ul>
          </section>
        )}

        <section className="grid gap-3">
          <Heading className="font-semibold">Location</Heading>
          <div className="grid gap-1 text-sm">
            {listing.market && (
              <p>
                <span className="text-muted-foreground">Market: </span>
                {listing.market.name}
                {listing.market.countyName !== listing.market.name && ` (${listing.market.countyName} County)`}
              </p>
            )}
            {address.length > 0 && (
              <address className="flex items-start gap-1.5 not-italic">
                <MapPinIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                <span>
                  {address.map((line) => (
                    <span key={line} className="block">
                      {line}
                    </span>
                  ))}
                </span>
              </address>
            )}
          </div>
          {listing.location ? (
            <LazyListingMap
              lat={listing.location.lat}
              lng={listing.location.lng}
              label={address.join(', ') || listing.title}
              tileUrl={runtimeConfig().mapTileUrl}
              tileAttribution={runtimeConfig().mapTileAttribution}
            />
          ) : (
            <p className="text-sm text-muted-foreground">
              {preview
                ? 'The map appears once the address is saved and located.'
                : 'This address could not be placed on the map.'}
            </p>
          )}
        </section>
      </div>

      <aside className="grid content-start gap-4">
        {listing.user ? (
          <>
            <ContactCard contact={listing.user} />
            <BrokerCard contact={listing.user} />
          </>
        ) : (
          <Card>
            <CardHeader>
              <CardTitle>Contact Information</CardTitle>
            </CardHeader>
            <CardContent className="text-sm text-muted-foreground">No contact information.</CardContent>
          </Card>
        )}
      </aside>
      </div>
    </article>
  );
}
