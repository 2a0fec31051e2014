import { type DiscountFormInput, DiscountFormSchema, type DiscountPatch } from '@habi/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { type FieldNamesMarkedBoolean, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { AmountSection, CodeSection, DatesSection, LimitsSection } from './discount-form-sections.tsx';
import { FormActions } from './form-bits.tsx';

export type DiscountFormOutput = z.output<typeof DiscountFormSchema>;
type Dirty = Partial<Readonly<FieldNamesMarkedBoolean<DiscountFormInput>>>;

/** The form field each of the API's fields is entered in. */
const FORM_FIELDS: Record<string, keyof DiscountFormInput> = {
  code: 'code',
  kind: 'kind',
  value: 'value',
  minSpend: 'minSpend',
  startsAt: 'startsOn',
  endsAt: 'endsOn',
  totalUses: 'totalUses',
  perCustomerUses: 'perCustomerUses',
  email: 'email',
};

/**
 * The fields an edit changed, as the API names them: a day changed moves its instant, so an
 * untouched start or end (which may fall mid-day for codes the store made) stays as it is.
 */
export function changedFields(values: DiscountFormOutput, dirty: Dirty): DiscountPatch {
  const patch: DiscountPatch = {};
  if (dirty.code) patch.code = values.code;
  if (dirty.kind || dirty.value) Object.assign(patch, { kind: values.kind, value: values.value });
  if (dirty.minSpend) patch.minSpend = values.minSpend;
  if (dirty.startsOn) patch.startsAt = values.startsAt;
  if (dirty.endsOn) patch.endsAt = values.endsAt;
  if (dirty.totalUses) patch.totalUses = values.totalUses;
  if (dirty.perCustomerUses) patch.perCustomerUses = values.perCustomerUses;
  if (dirty.email) patch.email = values.email;
  if (dirty.active) patch.active = values.active;
  return patch;
}

interface DiscountFormProps {
  defaultValues: DiscountFormInput;
  submitLabel: string;
  pending: boolean;
  /** Saves; a refusal is shown in a toast and under the fields it names. */
  onSubmit(values: DiscountFormOutput, dirty: Dirty): Promise<void>;
  onCancel(): void;
  /** Told whether the form holds unsaved changes, for the page's warning before it is left. */
  onDirtyChange?(dirty: boolean): void;
}

/** Create and edit form of a discount code; the messages under the fields are the shared schema's. */
export function DiscountForm({
  defaultValues,
  submitLabel,
  pending,
  onSubmit,
  onCancel,
  onDirtyChange,
}: DiscountFormProps) {
  const {
    register,
    control,
    handleSubmit,
    watch,
    setValue,
    setError,
    formState: { errors, dirtyFields, isDirty },
  } = useForm<DiscountFormInput, unknown, DiscountFormOutput>({
    resolver: zodResolver(DiscountFormSchema),
    defaultValues,
  });
  const kind = watch('kind');
  useEffect(() => onDirtyChange?.(isDirty), [onDirtyChange, isDirty]);

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values, dirtyFields);
    } catch (error) {
      toast.error(errorMessage(error));
      if (!(error instanceof ApiError)) return;
      for (const [field, message] of Object.entries(error.errors)) {
        const name = FORM_FIELDS[field];
        if (name) setError(name, { message });
      }
    }
  });

  return (
    <form noValidate onSubmit={submit} className="flex max-w-3xl flex-col gap-6">
      <CodeSection register={register} errors={errors} control={control} />
      <AmountSection
        register={register}
        errors={errors}
        control={control}
        kind={kind}
        onKindChange={() => setValue('value', '', { shouldDirty: true })}
      />
      <DatesSection register={register} errors={errors} />
      <LimitsSection register={register} errors={errors} />
      <FormActions submitLabel={submitLabel} pending={pending} onCancel={onCancel} />
    </form>
  );
}
