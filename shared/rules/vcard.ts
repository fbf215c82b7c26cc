/** The vCard versions BISN writes: 4.0 (RFC 6350) and 3.0 (RFC 2426), which Outlook for Windows reads. */
export type VcardVersion = '3.0' | '4.0';

/**
 * One property: its name with parameters (`TEL;TYPE=work`) and a text, a list of texts (`CATEGORIES`), or
 * the components of a structured value (`N`, `ADR`, `ORG`).
 */
export type VcardProperty =
  | { readonly name: string; readonly text: string }
  | { readonly name: string; readonly list: readonly string[] }
  | { readonly name: string; readonly components: readonly string[] };

/**
 * A text as RFC 6350 §3.4 and RFC 2426 §5 escape it: backslash and comma get a backslash, every line break
 * (CRLF, CR or LF) is `\n`, so no value can end its line or add a property; a component of a structured
 * value escapes its semicolons too.
 */
const escaped = (value: string, special: RegExp) => value.replace(special, (c) => `\\${c}`).replace(/\r\n|\r|\n/g, '\\n');
const vcardText = (value: string): string => escaped(value, /[\\,]/g);
const vcardComponent = (value: string): string => escaped(value, /[\\,;]/g);

const valueOf = (property: VcardProperty): string =>
  'text' in property ? vcardText(property.text) : 'list' in property ? property.list.map(vcardText).join(',') : property.components.map(vcardComponent).join(';');

const encoder = new TextEncoder();

/** Folds a line at 75 octets (RFC 6350 §3.2), never inside a character: CRLF and a space go before the rest. */
function folded(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (octets + size > (parts.length ? 74 : 75)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** One card: BEGIN, VERSION, the properties with non-empty values, END; each line CRLF-ended. */
export function vcard(version: VcardVersion, properties: readonly VcardProperty[]): string {
  const lines = properties.map((property) => folded(`${property.name}:${valueOf(property)}`));
  return ['BEGIN:VCARD', `VERSION:${version}`, ...lines, 'END:VCARD', ''].join('\r\n');
}
