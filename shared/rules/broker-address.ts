import { usStates } from '../catalog';

/**
 * The Edit Broker Info dialog asks for Street Address, City, State and Zip, but the broker record keeps
 * the spec's name, address1, address2 (spec 02 §2 leaves the mapping open). Decision: address1 is the
 * street; address2 is the second display line, composed "City, ST 12345". The dialog splits address2
 * back into its fields; a legacy value that does not parse is put whole into City so nothing is lost.
 */
export interface BrokerCityStateZip {
  readonly city: string;
  readonly state: string;
  readonly zip: string;
}

/** "Sacramento, CA 95814"; missing parts are left out ("Sacramento, CA", "CA 95814", "Sacramento"). */
export function composeBrokerAddress2({ city, state, zip }: BrokerCityStateZip): string {
  const stateZip = [state.trim().toUpperCase(), zip.trim()].filter(Boolean).join(' ');
  return [city.trim(), stateZip].filter(Boolean).join(', ');
}

const ZIP = String.raw`\d{5}(?:-\d{4})?`;
/** "City, ST 12345" and its partial forms, as composeBrokerAddress2 writes them. */
const commaForm = new RegExp(String.raw`^(?:(?<city>.+?)\s*,\s*)?(?<state>[A-Za-z]{2})?\s*(?<zip>${ZIP})?$`);
/** "City ST 12345" / "City ST": hand-typed legacy values without the comma. */
const spaceForm = new RegExp(String.raw`^(?<city>.+?)\s+(?<state>[A-Za-z]{2})(?:\s+(?<zip>${ZIP}))?$`);

const knownStates: ReadonlySet<string> = new Set(usStates);

/** Best-effort inverse of composeBrokerAddress2 for prefilling the dialog. */
export function splitBrokerAddress2(address2: string | null | undefined): BrokerCityStateZip {
  const text = address2?.trim() ?? '';
  for (const form of [commaForm, spaceForm]) {
    const groups = form.exec(text)?.groups;
    if (!groups) continue;
    const state = groups.state?.toUpperCase() ?? '';
    const zip = groups.zip ?? '';
    if ((state || zip) && (!state || knownStates.has(state))) {
      return { city: groups.city?.trim() ?? '', state, zip };
    }
  }
  return { city: text, state: '', zip: '' };
}
