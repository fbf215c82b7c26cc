import { counties, markets, miscellaneousGroupName, type CatalogItem } from '../catalog';

/**
 * The requirement form's county/submarket checkbox tree (spec 02 §4 "Market tree rules"). The selection
 * is a list of market ids; a county's check state is derived from it, never stored. Sutter and Yuba
 * have no submarkets: each is a market whose id is the county id, so checking the county selects it.
 */
export type CountyCheckState = 'checked' | 'unchecked' | 'indeterminate';

const countyMarketIds: ReadonlyMap<string, readonly string[]> = new Map(
  counties.map((county) => [county.id, markets.filter((m) => m.countyId === county.id).map((m) => m.id)]),
);

/** Catalogue order, each id once; ids that are not markets are dropped. */
function inCatalogueOrder(selected: ReadonlySet<string>): string[] {
  return markets.filter((m) => selected.has(m.id)).map((m) => m.id);
}

function withMarkets(selected: readonly string[], marketIds: readonly string[], checked: boolean): string[] {
  const next = new Set(selected);
  for (const id of marketIds) {
    if (checked) next.add(id);
    else next.delete(id);
  }
  return inCatalogueOrder(next);
}

/** Checking a county selects all its submarkets; unchecking clears them all. */
export function toggleCounty(selectedMarketIds: readonly string[], countyId: string, checked: boolean): string[] {
  return withMarkets(selectedMarketIds, countyMarketIds.get(countyId) ?? [], checked);
}

/** One submarket (or a county-market such as Sutter County) on or off. */
export function toggleSubmarket(selectedMarketIds: readonly string[], marketId: string, checked: boolean): string[] {
  return withMarkets(selectedMarketIds, [marketId], checked);
}

/**
 * 'checked' when every market of the county is selected, 'indeterminate' when some are (so unchecking
 * any submarket clears the county's check), 'unchecked' when none are.
 */
export function countyState(selectedMarketIds: readonly string[], countyId: string): CountyCheckState {
  const ids = countyMarketIds.get(countyId) ?? [];
  const selected = new Set(selectedMarketIds);
  const count = ids.filter((id) => selected.has(id)).length;
  if (count === 0) return 'unchecked';
  return count === ids.length ? 'checked' : 'indeterminate';
}

const marketNames: ReadonlyMap<string, string> = new Map(markets.map((m) => [m.id, m.name]));

/** The market's display name; undefined for an id that is not in the catalogue. */
export function marketName(marketId: string): string | undefined {
  return marketNames.get(marketId);
}

export interface MarketGroup {
  /** The county's name, or the Miscellaneous group for the counties without submarkets. */
  readonly name: string;
  /** The county the group is, when it has submarkets (the broker directory can filter by all of it). */
  readonly countyId?: string;
  readonly markets: readonly CatalogItem[];
}

const groups: readonly MarketGroup[] = [
  ...counties
    .filter((county) => county.submarkets.length > 0)
    .map((county) => ({ name: county.name, countyId: county.id, markets: county.submarkets })),
  {
    name: miscellaneousGroupName,
    markets: counties.filter((county) => county.submarkets.length === 0).map(({ id, name }) => ({ id, name })),
  },
];

/** Markets for the listing filter and editor select: one group per county, Sutter and Yuba under Miscellaneous. */
export function marketsGroupedByCounty(): readonly MarketGroup[] {
  return groups;
}
