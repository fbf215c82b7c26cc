import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { api, isApiError } from '@/lib/api';
import { listingQuery, rememberListing } from '../api/listing-queries';
import { Autosave, type AutosaveState } from './autosave';
import { invalidDraftFields, parseDraft, sectionOfField, type ListingFormValues } from './listing-form';

/**
 * A draft the API would refuse (e.g. a ZIP code half typed): not sent until the fields are fixed. Its
 * message names them, by their labels on screen, and says what is wrong with the first.
 */
export class DraftNotValid extends Error {
  override readonly name = 'DraftNotValid';
  constructor(labels: readonly string[], problem: string) {
    super(`Fix ${labels.join(', ')} to save this draft: ${problem}`);
  }
}

/** A field's label as the form shows it ("Brochure URL"), found from the control react-hook-form named. */
function labelOf(field: string): string {
  const control = document.querySelector<HTMLInputElement>(`[name="${field}"], [name^="${field}."]`);
  return control?.labels?.[0]?.textContent?.replace('*', '').trim() || field;
}

/** Whether the broker is typing in a field: a failed autosave then leaves the focus where it is. */
const typingInAField = () => document.activeElement?.matches('input, textarea, select') ?? false;

/** No answer, a timeout or a server fault may pass; a refusal (4xx) or an invalid draft will not. */
export function isRetryableSaveError(error: unknown): boolean {
  if (error instanceof DraftNotValid) return false;
  if (!isApiError(error)) return true;
  return error.code === 'NetworkError' || error.code === 'Timeout' || error.status >= 500;
}

/**
 * Binds the autosave to the editor's form: edits in the header, address and details sections are
 * saved (PUT /listing/{id}, the whole draft) after the section and merge delays; the saved listing
 * goes into the query cache so the preview shows its geocoded map; a new order of the photos goes with
 * the next save, sent at once. Warns before leaving the page while an edit is unsaved.
 */
export function useListingAutosave(form: UseFormReturn<ListingFormValues>, listingId: string) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<AutosaveState>({ status: 'saved', error: undefined });
  // The photos' new order (the cover first), sent with the next save and then forgotten.
  const imageOrder = useRef<string[] | undefined>(undefined);
  const [autosave] = useState(
    () =>
      new Autosave({
        save: async () => {
          const values = form.getValues();
          const draft = parseDraft(values);
          if (!draft.success) {
            const fields = invalidDraftFields(values);
            void form.trigger(fields);
            const [first] = fields;
            // Save Draft, or the save after leaving a section: the focus goes to what has to be fixed.
            if (first && !typingInAField()) form.setFocus(first);
            throw new DraftNotValid(fields.map(labelOf), draft.error.issues[0]!.message);
          }
          // Every answer about this listing (saves, photos) lands in the cache: it holds the version this tab last saw.
          const version = queryClient.getQueryData(listingQuery(listingId).queryKey)?.listing.version ?? 0;
          const order = imageOrder.current;
          const { listing } = await api('updateListing', { params: { listingId }, body: { ...draft.data, version, ...(order && { imageOrder: order }) } });
          if (imageOrder.current === order) imageOrder.current = undefined;
          rememberListing(queryClient, listing);
        },
        onStateChange: setState,
        isRetryable: isRetryableSaveError,
      }),
  );

  useEffect(() => {
    const subscription = form.watch((_, { name }) => {
      const section = name ? sectionOfField(name) : undefined;
      if (section) autosave.change(section);
    });
    return () => subscription.unsubscribe();
  }, [form, autosave]);

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (autosave.isDirty) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [autosave]);

  // Leaving the screen with the drawer open (a sidebar link) still sends the last edits.
  useEffect(() => () => void autosave.flush().catch(() => undefined), [autosave]);

  /** Puts the photos in this order (the first is the cover), saved at once with the draft. */
  const orderImages = (ids: string[]) => {
    imageOrder.current = ids;
    autosave.change('photos');
    return autosave.flush();
  };

  return { autosave, state, orderImages };
}
