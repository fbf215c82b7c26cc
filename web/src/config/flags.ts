import { z } from 'zod';

/**
 * Feature flags (PRODUCT.md "Feature flags"): a small typed set read from /runtime-config.json, which
 * the deployment writes per stage. A missing flag takes its default, so an older config keeps working;
 * unknown flags are dropped. Each flag switches on something the spec shows as "coming soon".
 */
export const flagsSchema = z
  .object({
    /** Vendor lists page instead of its Coming Soon card (spec 02 "Vendors"). */
    vendorLists: z.boolean().default(false),
    /** Requirements analytics dashboard tile instead of "coming soon" (spec 02 "Dashboard"). */
    requirementsAnalytics: z.boolean().default(false),
    /** Market listing search dashboard tile instead of "coming soon" (spec 02 "Dashboard"). */
    marketListingSearch: z.boolean().default(false),
  })
  .prefault({});

export type Flags = z.infer<typeof flagsSchema>;
export type FlagName = keyof Flags;
