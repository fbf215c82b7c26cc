import { useId, type ReactNode } from 'react';
import {
  Controller,
  type Control,
  type ControllerRenderProps,
  type FieldPath,
  type FieldValues,
} from 'react-hook-form';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

export { FormProvider as Form } from 'react-hook-form';

/** What a Field hands its control: react-hook-form's field props plus the ids and aria wiring. */
export interface FieldControlProps<TValues extends FieldValues, TName extends FieldPath<TValues>> {
  field: ControllerRenderProps<TValues, TName>;
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
  'aria-required': boolean | undefined;
}

export interface FieldProps<TValues extends FieldValues, TName extends FieldPath<TValues>> {
  control: Control<TValues>;
  name: TName;
  label: ReactNode;
  /** Shows a red asterisk after the label and marks the control aria-required. */
  required?: boolean;
  description?: ReactNode;
  className?: string;
  children: (props: FieldControlProps<TValues, TName>) => ReactNode;
}

/**
 * One labelled form control bound to react-hook-form, with its error message under it. The schema's
 * own message (shared/api/schemas) is shown as is.
 *
 *   <Field control={form.control} name="email" label="Email" required>
 *     {({ field, ...aria }) => <Input type="email" autoComplete="email" {...field} {...aria} />}
 *   </Field>
 */
export function Field<TValues extends FieldValues, TName extends FieldPath<TValues>>({
  control,
  name,
  label,
  required,
  description,
  className,
  children,
}: FieldProps<TValues, TName>) {
  const id = useId();
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const error = fieldState.error?.message;
        const describedBy = [description ? descriptionId : undefined, error ? errorId : undefined].filter(Boolean).join(' ');
        return (
          <div data-slot="form-field" className={cn('grid gap-2', className)}>
            <Label htmlFor={id} className={cn(error && 'text-destructive')}>
              {label}
              {required && (
                <span aria-hidden="true" className="text-destructive">
                  *
                </span>
              )}
            </Label>
            {children({
              field,
              id,
              'aria-invalid': Boolean(error),
              'aria-describedby': describedBy || undefined,
              'aria-required': required || undefined,
            })}
            {description && (
              <p id={descriptionId} className="text-sm text-muted-foreground">
                {description}
              </p>
            )}
            {error && (
              <p id={errorId} className="text-sm text-destructive">
                {error}
              </p>
            )}
          </div>
        );
      }}
    />
  );
}
