import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Controller, useForm, type Control, type UseFormReturn } from 'react-hook-form';
import { leaseFrequencies, propertyTypes, requirementTypes, type CatalogItem } from '@shared/catalog';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { CreationsLeftNote } from '@/features/creation-quota/components/creations-left-note';
import { Field } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { PriceInput, SqftInput } from '@/features/listings/editor/number-inputs';
import { CatalogSelect } from '@/components/catalog-select';
import { serverErrorOf } from '@/features/profile/components/apply-field-errors';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import type { Requirement } from '@shared/api/schemas/requirements';
import { useCreateRequirement, useRequirementAction } from '../api/requirement-queries';
import { MarketTree } from './market-tree';
import { RequirementReview } from './requirement-review';
import {
  requirementFormDefaults,
  requirementFormFields,
  requirementFormResolver,
  requirementFormSchema,
  requirementFormValuesOf,
  type RequirementFormValues,
} from './requirement-form';

export const createFailedMessage = 'Failed to create requirement';
export const sentToast = 'Requirement saved. It is broadcast to subscribed brokers within a minute.';
export const savedToast = 'Requirement updated. It is not e-mailed again.';

type Step = 'edit' | 'confirm';
type FormControl = Control<RequirementFormValues>;

/**
 * Spec 02 "Create New Requirement": edit → read-only confirm → sent; Cancel closes at any time. With
 * `editing`, the owner's edit of a pending or sent requirement: the same form, saved, not
 * broadcast again.
 */
export function CreateRequirementDialog({ open, onOpenChange, editing }: { open: boolean; onOpenChange: (open: boolean) => void; editing?: Requirement }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="gap-0 p-0 sm:max-w-3xl"
        // A long form: a stray click beside it must not throw the work away (Cancel and × still close it).
        onInteractOutside={(event) => event.preventDefault()}
      >
        {/* Mounted only while open, so every opening starts from the defaults. */}
        {open && <RequirementForm editing={editing} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function RequirementForm({ onDone, editing }: { onDone: () => void; editing?: Requirement }) {
  const form = useForm<RequirementFormValues>({
    resolver: requirementFormResolver,
    defaultValues: editing ? requirementFormValuesOf(editing) : requirementFormDefaults(),
  });
  const created = useCreateRequirement();
  const updated = useRequirementAction('updateRequirement');
  const create = editing ? updated : created;
  // One sending of this requirement: a second click or a retry repeats it instead of creating another.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [step, setStep] = useState<Step>('edit');
  const [error, setError] = useState<string>();
  const formRef = useRef<HTMLFormElement>(null);
  // Each step starts at its header: the dialog keeps its scroll, and Next sits at the bottom of a long form.
  useLayoutEffect(() => {
    formRef.current?.closest('[data-slot="dialog-content"]')?.scrollTo({ top: 0 });
  }, [step]);

  // Through handleSubmit, so once Next was pressed each field's message updates as it is corrected.
  const next = form.handleSubmit(() => {
    setError(undefined);
    setStep('confirm');
  });

  const send = form.handleSubmit(
    async (values) => {
      setError(undefined);
      try {
        const body = requirementFormSchema.parse(values);
        if (editing) {
          await updated.mutateAsync({ requirementId: editing.requirementId, body: { ...body, version: editing.version } });
          toast.success(savedToast);
        } else {
          await created.mutateAsync({ body, idempotencyKey });
          toast.success(sentToast);
        }
        onDone();
      } catch (failure) {
        setStep('edit');
        setError(serverErrorOf(failure, requirementFormFields, form.setError, createFailedMessage));
      }
    },
    () => setStep('edit'),
  );

  // The Enter key never submits: it would send a broadcast to the whole community by accident.
  const ignoreEnter = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Enter' && event.target instanceof HTMLInputElement) event.preventDefault();
  };

  return (
    <form ref={formRef} noValidate onSubmit={(event) => event.preventDefault()} onKeyDown={ignoreEnter} className="grid min-h-0">
      <DialogHeader className="border-b px-6 pt-6 pb-4">
        <DialogTitle>{editing ? 'Edit Requirement' : 'Create New Requirement'}</DialogTitle>
        <DialogDescription>
          {step === 'edit'
            ? 'Describe what your client needs. Fields marked * are required.'
            : editing
              ? 'Check your changes. The requirement is updated where brokers see it; it is not e-mailed again.'
              : 'Check your requirement. Once sent, it is e-mailed to every broker subscribed to its property type.'}
        </DialogDescription>
        {!editing && <CreationsLeftNote kind="requirements" />}
      </DialogHeader>

      <div className="grid gap-8 px-6 py-6">
        {step === 'edit' ? <EditSteps form={form} /> : <RequirementReview values={form.getValues()} />}
        {error && (
          <Alert variant="destructive" role="alert">
            <AlertDescription>{error}</AlertDescription>
          </Alert>
        )}
      </div>

      <div className="sticky bottom-0 flex flex-col-reverse gap-2 border-t bg-background px-6 py-4 sm:flex-row sm:justify-end">
        {step === 'edit' ? (
          <>
            <Button type="button" variant="outline" onClick={onDone}>
              Cancel
            </Button>
            <Button type="button" onClick={() => void next()}>
              Next
            </Button>
          </>
        ) : (
          <>
            <Button type="button" variant="outline" onClick={() => setStep('edit')} disabled={create.isPending}>
              Continue Editing
            </Button>
            <Button type="button" onClick={() => void send()} disabled={create.isPending}>
              {create.isPending && <Spinner label="Sending" />}
              {editing ? 'Save Changes' : <>Confirm &amp; Send Requirement</>}
            </Button>
          </>
        )}
      </div>
    </form>
  );
}

function Section({ number, title, required, children }: { number: number; title: string; required?: boolean; children: ReactNode }) {
  return (
    <section className="grid gap-4" aria-labelledby={`requirement-section-${number}`}>
      <h3 id={`requirement-section-${number}`} className="text-base font-semibold">
        {number}. {title}
        {required && (
          <span aria-hidden="true" className="text-destructive">
            {' '}*
          </span>
        )}
      </h3>
      {children}
    </section>
  );
}

/** A required choice among catalogue entries: radio buttons with the shared schema's message under them. */
function CatalogRadios({
  control,
  name,
  legend,
  items,
  columns = 1,
}: {
  control: FormControl;
  name: 'requirementTypeId' | 'propertyTypeId';
  legend: string;
  items: readonly CatalogItem[];
  columns?: 1 | 2;
}) {
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <fieldset className="grid gap-3">
          <legend className="mb-3 text-sm font-medium">
            {legend}
            <span aria-hidden="true" className="ml-1 text-destructive">
              *
            </span>
          </legend>
          <RadioGroup
            value={field.value}
            onValueChange={field.onChange}
            aria-invalid={Boolean(fieldState.error)}
            aria-describedby={fieldState.error ? `${id}-error` : undefined}
            aria-required
            className={cn('gap-2', columns === 2 && 'grid-cols-2')}
          >
            {items.map((item) => (
              <div key={item.id} className="flex items-center gap-2">
                <RadioGroupItem id={`${id}-${item.id}`} value={item.id} />
                <Label htmlFor={`${id}-${item.id}`} className="font-normal">
                  {item.name}
                </Label>
              </div>
            ))}
          </RadioGroup>
          {fieldState.error && (
            <p id={`${id}-error`} className="text-sm text-destructive">
              {fieldState.error.message}
            </p>
          )}
        </fieldset>
      )}
    />
  );
}

function EditSteps({ form }: { form: UseFormReturn<RequirementFormValues> }) {
  const { control } = form;
  const marketsErrorId = useId();
  // The range message sits under the maximum; changing the minimum can settle it too.
  const recheckRange = () => {
    if (form.getFieldState('sqftMax').error) void form.trigger('sqftMax');
  };
  return (
    <>
      <Section number={1} title="Requirement Categories" required>
        <div className="grid gap-6 sm:grid-cols-2">
          <CatalogRadios control={control} name="requirementTypeId" legend="Requirement Type" items={requirementTypes} />
          <CatalogRadios control={control} name="propertyTypeId" legend="Property Type" items={propertyTypes} columns={2} />
        </div>
      </Section>

      <Section number={2} title="Requirement Target Markets" required>
        <Controller
          control={control}
          name="marketIds"
          render={({ field, fieldState }) => (
            <div className="grid gap-2">
              <MarketTree
                value={field.value}
                onChange={field.onChange}
                invalid={Boolean(fieldState.error)}
                describedBy={fieldState.error ? marketsErrorId : undefined}
              />
              {fieldState.error && (
                <p id={marketsErrorId} className="text-sm text-destructive">
                  {fieldState.error.message}
                </p>
              )}
            </div>
          )}
        />
      </Section>

      <Section number={3} title="Requirement Details">
        <Field control={control} name="title" label="Title" required>
          {({ field, ...aria }) => <Input maxLength={200} {...field} {...aria} />}
        </Field>
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <Field control={control} name="sqftMin" label="Minimum Square Feet">
            {({ field, ...aria }) => (
              <SqftInput
                placeholder="e.g. 2,500"
                {...field}
                {...aria}
                onChange={(value) => {
                  field.onChange(value);
                  recheckRange();
                }}
              />
            )}
          </Field>
          <Field control={control} name="sqftMax" label="Maximum Square Feet">
            {({ field, ...aria }) => <SqftInput placeholder="e.g. 10,000" {...field} {...aria} />}
          </Field>
        </div>
        <fieldset className="grid items-start gap-4 sm:grid-cols-3">
          <legend className="mb-2 text-sm font-medium">Budget (optional)</legend>
          <Field control={control} name="maxPrice" label="Maximum Price">
            {({ field, ...aria }) => <PriceInput placeholder="e.g. 2,000,000" {...field} {...aria} />}
          </Field>
          <Field control={control} name="maxLeaseRate" label="Maximum Lease Rate (per sqft)">
            {({ field, ...aria }) => (
              <PriceInput
                placeholder="e.g. 1.50"
                {...field}
                {...aria}
                onChange={(value) => {
                  field.onChange(value);
                  if (form.getFieldState('maxLeaseFrequencyId').error) void form.trigger('maxLeaseFrequencyId');
                }}
              />
            )}
          </Field>
          <Field control={control} name="maxLeaseFrequencyId" label="Lease Rate Frequency">
            {({ field, ...aria }) => (
              <CatalogSelect {...aria} items={leaseFrequencies} value={field.value} onValueChange={field.onChange} onBlur={field.onBlur} placeholder="Select a frequency" />
            )}
          </Field>
        </fieldset>
        <Field control={control} name="timing" label="Timing" required>
          {({ field, ...aria }) => <Input maxLength={200} placeholder="e.g. Within 6 months" {...field} {...aria} />}
        </Field>
        <Field control={control} name="description" label="Description / Special Instructions">
          {({ field, ...aria }) => <Textarea rows={4} maxLength={5000} {...field} {...aria} />}
        </Field>
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">Highlights</legend>
          {requirementFormDefaults().highlights.map((_, index) => (
            <Field key={index} control={control} name={`highlights.${index}`} label={<span className="sr-only">Highlight {index + 1}</span>}>
              {({ field, ...aria }) => <Input maxLength={300} placeholder={`Highlight ${index + 1}`} {...field} {...aria} />}
            </Field>
          ))}
        </fieldset>
      </Section>
    </>
  );
}
