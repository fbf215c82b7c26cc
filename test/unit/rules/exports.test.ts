import { parse as parseCsv } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { safeCsvOptions, spreadsheetText, vcard } from '../../../shared/rules';

// The cells and cards every BISN export writes: read back with a real CSV parser (csv-parse) and a real
// vCard parser (ical.js), as a spreadsheet and an address book would.

const hostile = ['=HYPERLINK("https://evil.example","x")', '+1+2', '-2+3', '@SUM(A1)', '\tTab', '\rReturn', 'Line\nbreak', 'Plain'];

describe('CSV cells', () => {
  it('prefix every text that would start a formula with an apostrophe, and leave the rest as typed', () => {
    expect(hostile.map(spreadsheetText)).toEqual([
      `'=HYPERLINK("https://evil.example","x")`,
      "'+1+2",
      "'-2+3",
      "'@SUM(A1)",
      "'\tTab",
      "'\rReturn",
      'Line\nbreak',
      'Plain',
    ]);
  });

  it('quote every text cell, so a bare LF stays in its cell for an importer that splits rows on LF', () => {
    const csv = stringify([[...hostile, 42, -7]], { record_delimiter: 'windows', ...safeCsvOptions });
    const [row] = parseCsv(csv, { relax_quotes: false }) as string[][];
    expect(row!.map((cell) => cell[0])).toEqual(["'", "'", "'", "'", "'", "'", 'L', 'P', '4', '-']);
    expect(row!.slice(0, 8)).toEqual(hostile.map(spreadsheetText));
    // An LF-splitting importer sees one record per CRLF only because the LF is inside quotes.
    const lines = csv.split('\n');
    expect(lines[0]).toMatch(/"Line$/);
    expect(csv.split('\r\n').filter(Boolean)).toHaveLength(1);
  });
});

describe('vCards', () => {
  const properties = [
    { name: 'FN', text: 'Ann, "The\r\nBroker"; Esq\\' },
    { name: 'N', components: ['Lee;x', 'Ann\rB', '', '', ''] },
    { name: 'TEL;TYPE=work', text: '916-555-0100' },
    { name: 'CATEGORIES', list: ['Office, Flex', 'Retail'] },
    { name: 'NOTE', text: `Markets: ${'Élan Ridge, '.repeat(12)}` },
  ];

  for (const version of ['4.0', '3.0'] as const) {
    it(`${version}: escape CR, LF, comma, semicolon and backslash, so no value ends its line or adds a property`, () => {
      const text = vcard(version, properties);
      const lines = text.split('\r\n');
      expect(lines.every((line) => !line.includes('\r') && !line.includes('\n'))).toBe(true);
      expect(lines.every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);
      const card = new ICAL.Component(ICAL.parse(text) as never);
      expect(card.getFirstPropertyValue('version')).toBe(version);
      expect(card.getFirstPropertyValue('fn')).toBe('Ann, "The\nBroker"; Esq\\');
      expect(card.getFirstPropertyValue('n')).toEqual(['Lee;x', 'Ann\nB', '', '', '']);
      expect(card.getFirstProperty('tel')?.getParameter('type')).toBe('work');
      expect(card.getFirstProperty('categories')?.getValues()).toEqual(['Office, Flex', 'Retail']);
      expect(card.getFirstPropertyValue('note')).toBe(`Markets: ${'Élan Ridge, '.repeat(12)}`);
      expect(card.getAllProperties().map((p) => p.name)).toEqual(['version', 'fn', 'n', 'tel', 'categories', 'note']);
    });
  }
});
