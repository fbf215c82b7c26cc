import type { MarketResponse } from '@shared/api';

export type Figures = MarketResponse['figures'];

/** One column of a table and its CSV: a heading, the raw value (the CSV's) and how the table shows it. */
export interface Column<Row> {
  readonly label: string;
  readonly value: (row: Row) => string | number | null;
  readonly format?: (value: number) => string;
  /** Numbers align right. */
  readonly numeric?: boolean;
  /** The figure it shows, for a column of figures. */
  readonly key?: keyof Figures;
}

const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 2 });
const twoPlaces = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

export const formatCount = (n: number) => whole.format(n);
const tenths = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
export const formatAcres = (n: number) => tenths.format(n);
export const formatDollars = (n: number) => dollars.format(n);
export const formatRatio = (n: number) => `${twoPlaces.format(n)}×`;
export const formatCell = (value: string | number | null, format?: (value: number) => string) =>
  value === null ? '—' : typeof value === 'number' ? (format ?? formatCount)(value) : value;

const figure = <Row,>(label: string, of: (row: Row) => Figures | null, key: keyof Figures, format: (n: number) => string = formatCount): Column<Row> => ({
  label,
  value: (row) => of(row)?.[key] ?? null,
  format,
  numeric: true,
  key,
});

const medianKeys: readonly (keyof Figures)[] = ['requirementMedianSqft', 'listingMedianSqft', 'medianPricePerSqft', 'medianLeaseRatePerSqftYear'];

/** Every figure of a cell, in the order the tables and the CSVs show them; `medians: false` leaves those out (the areas: counts only). */
export function figureColumns<Row>(of: (row: Row) => Figures | null, { recentLabel = 'last 90 days', medians = true } = {}): Column<Row>[] {
  const columns: Column<Row>[] = [
    figure('Active requirements', of, 'requirements'),
    figure('Sq ft wanted', of, 'requirementSqft'),
    figure('Median sq ft wanted', of, 'requirementMedianSqft'),
    figure('Acres of land wanted', of, 'requirementAcres', formatAcres),
    figure('Active listings', of, 'listings'),
    figure('Sq ft offered', of, 'listingSqft'),
    figure('Median sq ft offered', of, 'listingMedianSqft'),
    figure('Acres of land offered', of, 'listingAcres', formatAcres),
    figure('Median asking $/sq ft', of, 'medianPricePerSqft', formatDollars),
    figure('Median lease $/sq ft/yr', of, 'medianLeaseRatePerSqftYear', formatDollars),
    figure('Demand/supply (count)', of, 'demandSupplyRatio', formatRatio),
    figure('Demand/supply (sq ft)', of, 'sqftDemandSupplyRatio', formatRatio),
    figure('New requirements', of, 'requirementsNew'),
    figure('New listings', of, 'listingsNew'),
    figure(`Filled, ${recentLabel}`, of, 'requirementsFilled'),
    figure(`Sold, ${recentLabel}`, of, 'listingsSold'),
    figure(`Leased, ${recentLabel}`, of, 'listingsLeased'),
  ];
  return medians ? columns : columns.filter((column) => !medianKeys.includes(column.key!));
}
