// zod/mini: the configuration is read before the first render, so its validator stays small.
import * as z from 'zod/mini';

/**
 * Feature flags (PRODUCT.md "Feature flags"): a small typed set read from /runtime-config.json, which
 * the deployment writes per stage. A missing flag takes its default, so an older config keeps working;
 * unknown flags are dropped. Each flag switches on something the spec shows as "coming soon".
 */
export const flagsSchema = z.prefault(
  z.object({
    /** Vendor lists page instead of its Coming Soon card (spec 02 "Vendors"). */
    vendorLists: z._default(z.boolean(), false),
    /** Requirements analytics dashboard tile instead of "coming soon" (spec 02 "Dashboard"). */
    requirementsAnalytics: z._default(z.boolean(), false),
    /** Market listing search dashboard tile instead of "coming soon" (spec 02 "Dashboard"). */
    marketListingSearch: z._default(z.boolean(), false),
  }),
  {},
);

export type Flags = z.infer<typeof flagsSchema>;
export type FlagName = keyof Flags;
