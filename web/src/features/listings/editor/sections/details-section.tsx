import type { ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { HIGHLIGHT_LINES } from '@shared/api/schemas';
import { Field } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import type { ListingFormValues } from '../listing-form';
import { EditorSection } from './editor-section';
import { FactsSection } from './facts-section';

/** 4 Listing Details: when it is available, description, five highlight lines, the property facts, the brochure link and its PDF. */
export function DetailsSection({ brochure }: { brochure: ReactNode }) {
  const { control } = useFormContext<ListingFormValues>();
  return (
    <EditorSection number={4} title="Listing Details">
      <Field control={control} name="timing" label="Timing" description="When the space is available, e.g. Immediately or Q3 2027">
        {({ field, ...aria }) => <Input {...field} {...aria} maxLength={200} autoComplete="off" />}
      </Field>
      <Field control={control} name="description" label="Description" required>
        {({ field, ...aria }) => <Textarea {...field} {...aria} rows={5} maxLength={10_000} className="min-h-28" />}
      </Field>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Highlights</legend>
        {Array.from({ length: HIGHLIGHT_LINES }, (_, index) => (
          <Field key={index} control={control} name={`highlights.${index}`} label={<span className="sr-only">Highlight {index + 1}</span>}>
            {({ field, ...aria }) => (
              <Input {...field} {...aria} maxLength={300} autoComplete="off" placeholder={`Highlight ${index + 1}`} />
            )}
          </Field>
        ))}
      </fieldset>
      <FactsSection />
      <Field control={control} name="brochureUrl" label="Brochure URL" description="A link to the PDF brochure, e.g. https://example.com/brochure.pdf">
        {({ field, ...aria }) => <Input {...field} {...aria} type="text" inputMode="url" autoComplete="off" maxLength={2000} />}
      </Field>
      {brochure}
    </EditorSection>
  );
}
