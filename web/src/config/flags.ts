/**
 * Feature flags (PRODUCT.md "Feature flags"): a small typed set read from /runtime-config.json, which
 * the deployment writes per stage. A missing flag takes its default, so an older config keeps working;
 * unknown flags are dropped. Each flag switches on something the spec shows as "coming soon".
 */
const flagDefaults = {
  /** Vendor lists page instead of its Coming Soon card (spec 02 "Vendors"). */
  vendorLists: false,
  /** Requirements analytics dashboard tile instead of "coming soon" (spec 02 "Dashboard"). */
  requirementsAnalytics: false,
  /** Market listing search dashboard tile instead of "coming soon" (spec 02 "Dashboard"). */
  marketListingSearch: false,
};

export type Flags = Record<keyof typeof flagDefaults, boolean>;
export type FlagName = keyof Flags;

/** The configuration's `flags` (absent = every default); a flag that is not a boolean is reported in `issues`. */
export function parseFlags(raw: unknown, issues: string[]): Flags {
  const flags: Flags = { ...flagDefaults };
  if (raw === undefined) return flags;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    issues.push('flags: expected an object');
    return flags;
  }
  for (const name of Object.keys(flagDefaults) as FlagName[]) {
    const value = (raw as Record<string, unknown>)[name];
    if (typeof value === 'boolean') flags[name] = value;
    else if (value !== undefined) issues.push(`flags.${name}: expected a boolean`);
  }
  return flags;
}
