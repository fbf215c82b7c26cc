import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import type { ListingImage } from '@shared/api/schemas/images';
import { saveDraftTitleRequired, type Listing } from '@shared/api/schemas/listings';
import { isListingComplete, listingCompleteness } from '@shared/rules/completeness';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetTitle } from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { isVersionConflict } from '@/lib/api';
import { toast } from '@/lib/toast';
import { listingQuery, refreshListingLists, useDeleteListing, usePublishListing } from '../api/listing-queries';
import { ListingView } from '../components/listing-view';
import { AutosaveStatusText, saveErrorMessage } from './autosave-status';
import { CompletenessIndicators } from './completeness-indicators';
import { ConfirmButton } from '@/components/confirm-button';
import { isUntouchedDraft, listingFormResolver, previewListing, toDraft, toFormValues, type ListingFormValues } from './listing-form';
import { AddressSection } from './sections/address-section';
import { BrochureUpload } from './sections/brochure-upload';
import { DetailsSection } from './sections/details-section';
import { HeaderSection } from './sections/header-section';
import { ImageSection } from './sections/image-section';
import { useListingAutosave } from './use-listing-autosave';
import { VersionConflictNotice } from '@/components/version-conflict-notice';

export const abandonConfirmText = 'Are you sure you want to abandon this listing draft? This action cannot be undone.';
export const publishConfirmText =
  'Are you sure you want to publish this listing? Once published, it will be visible to all users and cannot be edited.';
export const notPublishedText = 'This listing is not yet published';

const errorText = (error: unknown) => (error instanceof Error ? error.message : 'Something went wrong. Please try again.');

export interface ListingEditorProps {
  /** The draft being edited; the drawer is open while it is set. */
  listingId: string | undefined;
  /** Called once the drawer may close: every edit is saved, or the draft was published or abandoned. */
  onClose: () => void;
}

/**
 * The listing editor drawer (spec 02 "Listing editor"): a wide right-side sheet with the four sections,
 * the completeness row, the live preview, and Abandon Draft / Save Draft / Publish Listing. Closing it
 * (the X, Escape, a click outside) first saves whatever is not yet on the server.
 */
export function ListingEditor({ listingId, onClose }: ListingEditorProps) {
  // The form inside decides whether the drawer may close (it saves first); until it loads, it may.
  const closeGuard = useRef<(() => void) | null>(null);
  return (
    <Sheet open={Boolean(listingId)} onOpenChange={(open) => !open && (closeGuard.current ?? onClose)()}>
      <SheetContent side="right" className="w-full gap-0 sm:max-w-none lg:w-[min(96vw,110rem)]">
        {listingId && <EditorLoader key={listingId} listingId={listingId} onClose={onClose} closeGuard={closeGuard} />}
      </SheetContent>
    </Sheet>
  );
}

type CloseGuard = RefObject<(() => void) | null>;

function EditorLoader({ listingId, onClose, closeGuard }: { listingId: string; onClose: () => void; closeGuard: CloseGuard }) {
  const { data, error, isPending } = useQuery(listingQuery(listingId));
  if (data?.listing.status === 'draft') {
    return <EditorForm listing={data.listing} onClose={onClose} closeGuard={closeGuard} />;
  }
  return (
    <div className="grid gap-3 p-4 pr-12">
      <SheetTitle>Edit Listing</SheetTitle>
      {isPending ? (
        <div className="grid gap-3" role="status" aria-label="Loading the listing">
          <Skeleton className="h-8 w-2/3" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : error ? (
        <p role="alert" className="text-sm text-destructive">
          {errorText(error)}
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">Only drafts can be edited. This listing is {data?.listing.status}.</p>
      )}
    </div>
  );
}

type Busy = 'closing' | 'saving' | 'publishing' | 'abandoning';

function EditorForm({ listing, onClose, closeGuard }: { listing: Listing; onClose: () => void; closeGuard: CloseGuard }) {
  const queryClient = useQueryClient();
  const listingId = listing.listingId;
  const form = useForm<ListingFormValues>({
    defaultValues: toFormValues(listing),
    mode: 'onTouched',
    resolver: listingFormResolver,
  });
  const { autosave, state, orderImages } = useListingAutosave(form, listingId);
  const [busy, setBusy] = useState<Busy | null>(null);
  // A draft that opens empty was just created: the drawer says so while it stays open.
  const [title] = useState(() => (isUntouchedDraft(listing, listing.images) ? 'New Listing' : 'Edit Listing'));
  const [actionError, setActionError] = useState<string>();

  // Closed first: the drawer must not show a listing that is deleted or no longer a draft on its way out.
  const deleteDraft = useDeleteListing({ onDeleted: onClose });
  const publishDraft = usePublishListing({
    onPublished: () => {
      autosave.dispose();
      onClose();
    },
  });

  const values = useWatch({ control: form.control }) as ListingFormValues;
  const completeness = listingCompleteness({ ...toDraft(values), images: listing.images });
  const complete = isListingComplete({ ...toDraft(values), images: listing.images });

  /** Runs one drawer action; its failure is shown in the header and the drawer stays open. */
  const act = async (kind: Busy, action: () => Promise<void>) => {
    if (busy) return;
    setBusy(kind);
    setActionError(undefined);
    try {
      await action();
    } catch (error) {
      setActionError(errorText(error));
    } finally {
      setBusy(null);
    }
  };

  const saveAndClose = (kind: Busy) =>
    act(kind, async () => {
      if (isUntouchedDraft(toDraft(form.getValues()), listing.images)) {
        // Nothing was put into it: closing keeps no "Untitled listing" behind.
        autosave.dispose();
        await deleteDraft.mutateAsync(listingId);
        return;
      }
      try {
        await autosave.flush();
      } catch (error) {
        throw new Error(`Your changes could not be saved: ${saveErrorMessage(error)}`, { cause: error });
      }
      void refreshListingLists(queryClient);
      onClose();
    });

  useEffect(() => {
    closeGuard.current = () => void saveAndClose('closing');
    return () => {
      closeGuard.current = null;
    };
  });

  const saveDraft = () => {
    if (!form.getValues('title').trim()) {
      form.setError('title', { type: 'required', message: saveDraftTitleRequired }, { shouldFocus: true });
      return;
    }
    void saveAndClose('saving');
  };

  // One publishing of this draft: a retry after a lost answer repeats it instead of failing as published.
  const [publishKey] = useState(() => crypto.randomUUID());
  const publish = () =>
    act('publishing', async () => {
      if (!(await form.trigger(undefined, { shouldFocus: true }))) {
        throw new Error('Please fix the highlighted fields before publishing.');
      }
      await autosave.flush();
      await publishDraft.mutateAsync({ listingId, idempotencyKey: publishKey });
      toast.success('Listing published. It goes out with the next listings blast.');
    });

  const abandon = () =>
    act('abandoning', async () => {
      autosave.dispose();
      await deleteDraft.mutateAsync(listingId);
      toast.success('Listing draft abandoned.');
    });

  const setImages = ({ images, version }: { images: ListingImage[]; version: number }) =>
    queryClient.setQueryData(listingQuery(listingId).queryKey, (current) =>
      current ? { listing: { ...current.listing, images, version } } : current,
    );

  const conflict = state.status === 'failed' && isVersionConflict(state.error) ? state.error : undefined;
  /** Takes the version saved elsewhere: the form shows it and this editor's unsaved edits are given up. */
  const reloadTheirs = () =>
    act('saving', async () => {
      const { listing: current } = await queryClient.fetchQuery({ ...listingQuery(listingId), staleTime: 0 });
      autosave.discardEdits();
      form.reset(toFormValues(current));
    });
  /** Saves this editor's draft over the version saved elsewhere. */
  const keepMine = (currentVersion: number) =>
    act('saving', async () => {
      queryClient.setQueryData(listingQuery(listingId).queryKey, (cached) =>
        cached ? { listing: { ...cached.listing, version: currentVersion } } : cached,
      );
      await autosave.flush();
    });

  const headerError = actionError ?? (state.status === 'failed' && !conflict ? saveErrorMessage(state.error) : undefined);

  return (
    <FormProvider {...form}>
      <div className="grid gap-3 border-b p-4 pr-12">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="grid gap-0.5">
            <SheetTitle className="text-lg">{title}</SheetTitle>
            <AutosaveStatusText state={state} />
          </div>
          <div className="flex flex-wrap gap-2">
            <ConfirmButton
              title="Abandon Draft"
              description={abandonConfirmText}
              confirmLabel="Abandon Draft"
              destructive
              disabled={busy !== null}
              onConfirm={() => void abandon()}
              buttonProps={{ variant: 'outline', size: 'sm', className: 'text-destructive' }}
            >
              {busy === 'abandoning' && <Spinner label="Abandoning" />}
              Abandon Draft
            </ConfirmButton>
            <Button variant="outline" size="sm" onClick={saveDraft} disabled={busy !== null}>
              {busy === 'saving' && <Spinner label="Saving" />}
              Save Draft
            </Button>
            <ConfirmButton
              title="Publish Listing"
              description={publishConfirmText}
              confirmLabel="Publish Listing"
              disabled={!complete || busy !== null}
              onConfirm={() => void publish()}
              buttonProps={{ size: 'sm' }}
            >
              {busy === 'publishing' && <Spinner label="Publishing" />}
              Publish Listing
            </ConfirmButton>
          </div>
        </div>
        <CompletenessIndicators completeness={completeness} />
        {conflict && (
          <VersionConflictNotice
            message={conflict.message}
            busy={busy !== null}
            onReload={() => void reloadTheirs()}
            onOverwrite={() => void keepMine(conflict.currentVersion)}
          />
        )}
        {headerError && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {headerError}
          </p>
        )}
      </div>

      <div className="min-h-0 flex-1 overflow-y-auto">
        <div className="grid gap-6 p-4 xl:grid-cols-2">
          <form className="grid content-start gap-4" aria-label="Listing draft" noValidate onSubmit={(event) => event.preventDefault()}>
            <HeaderSection />
            <ImageSection listingId={listingId} images={listing.images} onImagesChange={setImages} onOrder={(ids) => void orderImages(ids).catch(() => undefined)} />
            <AddressSection />
            <DetailsSection brochure={<BrochureUpload listingId={listingId} brochureFile={listing.brochureFile} />} />
          </form>
          <section aria-label="Preview" className="grid content-start gap-3">
            <Alert className="border-dashed">
              <AlertDescription className="font-medium">{notPublishedText}</AlertDescription>
            </Alert>
            <ListingView listing={previewListing(listing, values)} now={new Date()} preview />
          </section>
        </div>
      </div>
    </FormProvider>
  );
}
