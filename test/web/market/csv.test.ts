import { parse as parseCsv } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { toCsv } from '@/features/market/components/csv';
import type { Column } from '@/features/market/components/columns';

// The Market page's CSVs: read back by a real CSV parser, text cells never start as a formula, figures stay numbers.

interface Row {
  readonly area: string;
  readonly count: number | null;
}

const columns: Column<Row>[] = [
  { label: 'Area', value: (row) => row.area },
  { label: 'Active requirements', value: (row) => row.count, numeric: true },
];

describe('Market CSV', () => {
  it('writes every text cell quoted and neutralised, numbers as they are', () => {
    const csv = toCsv(columns, [
      { area: '=cmd|"/c calc"!A1', count: 3 },
      { area: 'Line\nbreak', count: null },
      { area: '-Placer', count: -2 },
    ]);
    expect(parseCsv(csv, { columns: true })).toEqual([
      { Area: `'=cmd|"/c calc"!A1`, 'Active requirements': '3' },
      { Area: 'Line\nbreak', 'Active requirements': '' },
      { Area: "'-Placer", 'Active requirements': '-2' },
    ]);
    expect(csv.split('\n')[2]).toBe('"Line');
  });
});
