import { z } from 'zod';
import { marketId, propertyTypeId, requirementTypeId } from '@shared/api/schemas';

/**
 * The Requirements browser's filters live in the URL (?propertyTypeId=office&marketId=sac-midtown), so a
 * filtered list can be shared and survives a reload. Absent means ALL; an unknown value is dropped.
 */
export const requirementsSearch = z.object({
  requirementTypeId: requirementTypeId.optional().catch(undefined),
  propertyTypeId: propertyTypeId.optional().catch(undefined),
  marketId: marketId.optional().catch(undefined),
});
export type RequirementsSearch = z.infer<typeof requirementsSearch>;
