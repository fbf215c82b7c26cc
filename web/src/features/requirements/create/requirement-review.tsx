import { leaseFrequencies, markets, propertyTypes, requirementTypes } from '@shared/catalog';
import { parseDecimalInput, parseDigitsInput } from '@shared/rules/format';
import { RequirementSections, type RequirementContent } from '../components/requirement-sections';
import type { RequirementFormValues } from './requirement-form';

const nameOf = (items: readonly { id: string; name: string }[], id: string) => items.find((item) => item.id === id)?.name ?? id;

/** The form's values as the requirement will read once sent. */
export function reviewOf(values: RequirementFormValues): { title: string; content: RequirementContent } {
  return {
    title: values.title.trim(),
    content: {
      type: { name: nameOf(requirementTypes, values.requirementTypeId) },
      propertyType: { name: nameOf(propertyTypes, values.propertyTypeId) },
      sqftMin: parseDigitsInput(values.sqftMin),
      sqftMax: parseDigitsInput(values.sqftMax),
      timing: values.timing.trim(),
      markets: values.marketIds.map((marketId) => ({ marketId, name: nameOf(markets, marketId) })),
      highlights: values.highlights,
      description: values.description.trim(),
      maxPrice: parseDecimalInput(values.maxPrice),
      maxLeaseRate: parseDecimalInput(values.maxLeaseRate),
      maxLeaseFrequencyId: leaseFrequencies.find((f) => f.id === values.maxLeaseFrequencyId)?.id ?? null,
    },
  };
}

/** Step two of the modal: everything read-only, as it will be sent. */
export function RequirementReview({ values }: { values: RequirementFormValues }) {
  const { title, content } = reviewOf(values);
  return (
    <div className="grid gap-4" aria-label="Requirement to send">
      <div className="grid gap-1">
        <p className="text-sm text-muted-foreground">Title</p>
        <p className="text-lg font-semibold">{title}</p>
      </div>
      <RequirementSections requirement={content} />
    </div>
  );
}
