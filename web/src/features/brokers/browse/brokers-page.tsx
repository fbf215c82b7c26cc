import { useInfiniteQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { idsOf, marketAreas, propertyTypes, requirementTypes } from '@shared/catalog';
import { BrowseFilters } from '@/components/browse-filters';
import { LoadMoreButton } from '@/components/load-more-button';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { ConsumerPage } from '@/features/consumer/components/consumer-page';
import { oneOf } from '@/lib/search-params';
import { directoryQuery, type DirectoryFilters } from '../api/broker-queries';
import { BrokerCard } from '../components/broker-card';
import { SaveListButton } from '../components/save-list-button';
import { ActiveFilters } from './active-filters';
import type { BrokersSearchParams } from './brokers-search';

const route = getRouteApi('/consumer/brokers');
export const noBrokersText = 'No brokers match these filters.';

/** The URL's filters with unknown catalogue ids dropped (an unknown value means ALL). */
function knownFilters(search: BrokersSearchParams) {
  return {
    dealTypeId: oneOf(idsOf(requirementTypes), search.dealTypeId),
    propertyTypeId: oneOf(idsOf(propertyTypes), search.propertyTypeId),
    marketId: oneOf(idsOf(marketAreas), search.marketId),
    ...(search.recent ? { recent: 'true' as const } : {}),
    ...(search.q ? { q: search.q } : {}),
    ...(search.sort ? { sort: search.sort } : {}),
  } satisfies DirectoryFilters;
}

/**
 * "Brokers": every approved broker who has not opted out, with what they work on. Filters, the
 * search and the order live in the URL like the browsers'.
 */
export function BrokersPage() {
  const search = route.useSearch();
  const filters = knownFilters(search);
  const navigate = route.useNavigate();
  const set = (next: Partial<BrokersSearchParams>) => void navigate({ search: { ...search, ...next }, replace: true });
  const [text, setText] = useState(search.q ?? '');
  const brokers = useInfiniteQuery(directoryQuery(filters));
  const items = brokers.data?.pages.flatMap((page) => page.items) ?? [];

  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    set({ q: text.trim() || undefined });
  };
  const clearAll = () => {
    setText('');
    void navigate({ search: {}, replace: true });
  };
  const remove = (key: keyof BrokersSearchParams) => {
    if (key === 'q') setText('');
    set({ [key]: undefined });
  };
  const narrowed = !!(filters.dealTypeId || filters.propertyTypeId || filters.marketId || filters.recent || filters.q);

  return (
    <ConsumerPage title="Brokers">
      <Card>
        <CardHeader>
          <CardTitle as="h2">Broker directory</CardTitle>
          <CardDescription>
            The approved brokers of the region, with the property types, markets and deals they work on. Brokers choose in their profile whether they
            appear here and which contact details it shows.
          </CardDescription>
        </CardHeader>
        {/* One column that may shrink: a select is as wide as its longest option otherwise, wider than a phone. */}
        <CardContent className="grid grid-cols-1 gap-6">
          <form role="search" aria-label="Search brokers" onSubmit={submitSearch} className="flex max-w-xl items-end gap-2">
            <div className="grid min-w-0 flex-1 gap-1.5">
              <Label htmlFor="brokers-q">Name or firm</Label>
              <Input id="brokers-q" value={text} maxLength={100} onChange={(event) => setText(event.target.value)} placeholder="e.g. Smith or Capitol Realty" />
            </div>
            <Button type="submit">Search</Button>
          </form>
          <BrowseFilters
            label="Filter brokers"
            type={{ label: 'Deal Type', allLabel: 'All deal types', items: requirementTypes }}
            market={{ label: 'Market', allLabel: 'All markets', withCounties: true }}
            value={{ typeId: filters.dealTypeId, propertyTypeId: filters.propertyTypeId, marketId: filters.marketId }}
            onChange={(name, value) => set({ [name === 'typeId' ? 'dealTypeId' : name]: value })}
            onClear={clearAll}
            active={narrowed}
          />
          <ActiveFilters search={filters} onRemove={remove} />
          <div className="flex flex-wrap items-end gap-6">
            <SaveListButton filter={{ dealTypeId: filters.dealTypeId, propertyTypeId: filters.propertyTypeId, marketId: filters.marketId, recent: !!filters.recent, q: filters.q }} />
            <div className="flex items-center gap-2">
              <Checkbox id="brokers-recent" checked={!!search.recent} onCheckedChange={(on) => set({ recent: on === true ? 'true' : undefined })} />
              <Label htmlFor="brokers-recent" className="font-normal">
                Active in the last 90 days
              </Label>
            </div>
            <div className="grid max-w-xs gap-1.5">
              <Label htmlFor="brokers-sort">Sort by</Label>
              <NativeSelect id="brokers-sort" value={search.sort ?? 'activity'} onChange={(event) => set({ sort: event.target.value === 'name' ? 'name' : undefined })}>
                <option value="activity">Most recently active</option>
                <option value="name">Name</option>
              </NativeSelect>
            </div>
          </div>

          {brokers.isPending ? (
            <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" role="status" aria-label="Loading brokers">
              {Array.from({ length: 6 }, (_, i) => (
                <Skeleton key={i} className="h-48 w-full rounded-xl" />
              ))}
            </div>
          ) : brokers.isError ? (
            <Alert variant="destructive">
              <AlertDescription>
                <p>Error fetching brokers: {brokers.error.message}</p>
                <Button variant="outline" size="sm" onClick={() => void brokers.refetch()}>
                  Try again
                </Button>
              </AlertDescription>
            </Alert>
          ) : items.length === 0 ? (
            <p className="py-8 text-center text-muted-foreground">{noBrokersText}</p>
          ) : (
            <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Brokers">
              {items.map((broker) => (
                <li key={broker.userId} className="grid grid-cols-1">
                  <BrokerCard broker={broker} />
                </li>
              ))}
            </ul>
          )}
          <LoadMoreButton query={brokers} loadingLabel="Loading more brokers" />
        </CardContent>
      </Card>
    </ConsumerPage>
  );
}
