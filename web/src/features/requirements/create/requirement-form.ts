import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import * as z from '@shared/zod';
import { createRequirementRequest, HIGHLIGHT_LINES, type CreateRequirementInput, type Requirement } from '@shared/api/schemas/requirements';
import { parseDecimalInput, parseDigitsInput } from '@shared/rules/format';

/** What the form holds: square feet as typed ("12,500"), five highlight lines. */
export interface RequirementFormValues {
  requirementTypeId: string;
  propertyTypeId: string;
  marketIds: string[];
  title: string;
  timing: string;
  sqftMin: string;
  sqftMax: string;
  description: string;
  highlights: string[];
  /** The budget: dollars as typed, and the lease rate's frequency ('' = none chosen). */
  maxPrice: string;
  maxLeaseRate: string;
  maxLeaseFrequencyId: string;
}

const asTyped = (value: number | null) => (value === null ? '' : String(value));

/** An existing requirement as the form holds it (the owner's edit). */
export const requirementFormValuesOf = (requirement: Requirement): RequirementFormValues => ({
  requirementTypeId: requirement.type.requirementTypeId,
  propertyTypeId: requirement.propertyType.propertyTypeId,
  marketIds: requirement.markets.map((m) => m.marketId),
  title: requirement.title,
  timing: requirement.timing,
  sqftMin: asTyped(requirement.sqftMin),
  sqftMax: asTyped(requirement.sqftMax),
  description: requirement.description,
  highlights: Array.from({ length: HIGHLIGHT_LINES }, (_, i) => requirement.highlights[i] ?? ''),
  maxPrice: asTyped(requirement.maxPrice),
  maxLeaseRate: asTyped(requirement.maxLeaseRate),
  maxLeaseFrequencyId: requirement.maxLeaseFrequencyId ?? '',
});

/** Spec 02 "Create New Requirement": For Sale - User and Apartment are preselected. */
export const requirementFormDefaults = (): RequirementFormValues => ({
  requirementTypeId: 'for-sale-user',
  propertyTypeId: 'apartment',
  marketIds: [],
  title: '',
  timing: '',
  sqftMin: '',
  sqftMax: '',
  description: '',
  highlights: Array.from({ length: HIGHLIGHT_LINES }, () => ''),
  maxPrice: '',
  maxLeaseRate: '',
  maxLeaseFrequencyId: '',
});

export const requirementFormFields = [
  'requirementTypeId',
  'propertyTypeId',
  'marketIds',
  'title',
  'timing',
  'sqftMin',
  'sqftMax',
  'description',
  'highlights',
  'maxPrice',
  'maxLeaseRate',
  'maxLeaseFrequencyId',
] as const satisfies readonly (keyof RequirementFormValues)[];

/**
 * Form values → the API request, checked by the shared schema itself: the same rules and messages as the
 * server, under the same field names.
 */
export const requirementFormSchema = z.pipe(
  z.pipe(
    z.object({
      requirementTypeId: z.string(),
      propertyTypeId: z.string(),
      marketIds: z.array(z.string()),
      title: z.string(),
      timing: z.string(),
      sqftMin: z.string(),
      sqftMax: z.string(),
      description: z.string(),
      highlights: z.array(z.string()),
      maxPrice: z.string(),
      maxLeaseRate: z.string(),
      maxLeaseFrequencyId: z.string(),
    }),
    // Catalogue ids stay strings here; the shared schema is what checks them.
    z.transform(
      (values) =>
        ({
          ...values,
          sqftMin: parseDigitsInput(values.sqftMin),
          sqftMax: parseDigitsInput(values.sqftMax),
          maxPrice: parseDecimalInput(values.maxPrice),
          maxLeaseRate: parseDecimalInput(values.maxLeaseRate),
          maxLeaseFrequencyId: values.maxLeaseFrequencyId || null,
        }) as CreateRequirementInput,
    ),
  ),
  createRequirementRequest,
);

const schemaResolver = zodResolver(requirementFormSchema);

/**
 * Checks the form with requirementFormSchema but keeps the form's own values (square feet as typed), so
 * every field component sees one value type; the request is made with `requirementFormSchema.parse`.
 */
export const requirementFormResolver: Resolver<RequirementFormValues> = async (values, context, options) => {
  const result = await schemaResolver(values, context, options);
  return Object.keys(result.errors).length > 0 ? { values: {}, errors: result.errors } : { values, errors: {} };
};
