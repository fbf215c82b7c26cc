/**
 * A cell a spreadsheet would read as a formula (OWASP "CSV Injection"): `=`, `+`, `-`, `@`, a tab or a
 * carriage return first.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** The text a spreadsheet shows as typed: a leading apostrophe stops it being run as a formula. */
export const spreadsheetText = (value: string): string => (FORMULA_START.test(value) ? `'${value}` : value);

/**
 * csv-stringify's options for every CSV BISN writes: each text cell neutralised and quoted, so a line break
 * inside a name stays inside its cell even for an importer that splits rows on LF. Numbers stay numbers.
 */
export const safeCsvOptions = { quoted_string: true, cast: { string: spreadsheetText } } as const;
