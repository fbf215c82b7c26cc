import { formatAcres, formatCell, formatCount, formatDollars, formatRatio, type Figures } from './columns';

interface Tile {
  readonly label: string;
  readonly value: string;
  readonly detail: string;
}

const sqft = (n: number | null) => (n === null ? '—' : `${formatCount(n)} sq ft`);
const counted = (n: number, noun: string) => `${formatCount(n)} ${noun}${n === 1 ? '' : 's'}`;
/** Land's acres beside the buildings' square feet, when there is land. */
const land = (n: number) => (n > 0 ? ` · ${formatAcres(n)} acres of land` : '');

function tilesOf(f: Figures): Tile[] {
  return [
    { label: 'Active requirements', value: formatCount(f.requirements), detail: `${sqft(f.requirementSqft)} wanted · median ${sqft(f.requirementMedianSqft)}${land(f.requirementAcres)}` },
    { label: 'Active listings', value: formatCount(f.listings), detail: `${sqft(f.listingSqft)} offered · median ${sqft(f.listingMedianSqft)}${land(f.listingAcres)}` },
    {
      label: 'Requirements per listing',
      value: formatCell(f.demandSupplyRatio, formatRatio),
      detail: `by square feet ${formatCell(f.sqftDemandSupplyRatio, formatRatio)}`,
    },
    {
      label: 'Median asking rates',
      value: `${formatCell(f.medianLeaseRatePerSqftYear, formatDollars)} /sq ft/yr`,
      detail: `lease · sale ${formatCell(f.medianPricePerSqft, formatDollars)} /sq ft`,
    },
    { label: 'New this week', value: formatCount(f.requirementsNew + f.listingsNew), detail: `${counted(f.requirementsNew, 'requirement')} · ${counted(f.listingsNew, 'listing')}` },
    {
      label: 'Closed, last 90 days',
      value: formatCount(f.requirementsFilled + f.listingsSold + f.listingsLeased),
      detail: `${f.requirementsFilled} filled · ${f.listingsSold} sold · ${f.listingsLeased} leased`,
    },
  ];
}

/** The selected cell's figures, at a glance. */
export function FigureTiles({ figures }: { figures: Figures }) {
  return (
    <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-6">
      {tilesOf(figures).map((tile) => (
        <div key={tile.label} className="rounded-lg border bg-card p-4">
          <dt className="text-sm text-muted-foreground">{tile.label}</dt>
          <dd className="text-2xl font-semibold tabular-nums">{tile.value}</dd>
          <dd className="text-xs text-muted-foreground">{tile.detail}</dd>
        </div>
      ))}
    </dl>
  );
}
