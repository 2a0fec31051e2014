import {
  DISCOUNT_KINDS,
  type DiscountFormInput,
  DiscountFormSchema,
  type DiscountKind,
  type DiscountPatch,
} from '@habi/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Switch } from 'radix-ui';
import { type Control, Controller, type FieldNamesMarkedBoolean, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Field, Input } from '../../../components/ui/field.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { toast } from '../../../lib/toast.ts';
import { FormActions, FormSection } from './form-bits.tsx';
import { PriceInput } from './price-input.tsx';

export type DiscountFormOutput = z.output<typeof DiscountFormSchema>;
type Dirty = Partial<Readonly<FieldNamesMarkedBoolean<DiscountFormInput>>>;

const KIND_LABELS: Record<DiscountKind, string> = { percent: 'Percentage', fixed: 'Fixed amount' };

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

/** A peso amount of the form, typed as the product forms' prices are. */
function PriceField({
  control,
  name,
  label,
  hint,
  error,
}: {
  control: Control<DiscountFormInput, unknown, DiscountFormOutput>;
  name: 'value' | 'minSpend';
  label: string;
  hint: string;
  error: string | undefined;
}) {
  return (
    <Field label={label} hint={hint} error={error}>
      {({ id, describedBy, invalid }) => (
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <PriceInput
              id={id}
              name={field.name}
              defaultValue={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              invalid={invalid}
              describedBy={describedBy}
            />
          )}
        />
      )}
    </Field>
  );
}

interface DiscountFormProps {
  defaultValues: DiscountFormInput;
  submitLabel: string;
  pending: boolean;
  /** Saves; a refusal is shown in a toast and under the fields it names. */
  onSubmit(values: DiscountFormOutput, dirty: Dirty): Promise<void>;
  onCancel(): void;
}

/** Create and edit form of a discount code; the messages under the fields are the shared schema's. */
export function DiscountForm({ defaultValues, submitLabel, pending, onSubmit, onCancel }: DiscountFormProps) {
  const {
    register,
    control,
    handleSubmit,
    watch,
    setValue,
    setError,
    formState: { errors, dirtyFields },
  } = useForm<DiscountFormInput, unknown, DiscountFormOutput>({
    resolver: zodResolver(DiscountFormSchema),
    defaultValues,
  });
  const kind = watch('kind');

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
      <FormSection title="Discount code" description="Shoppers type it in the cart, in any case.">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Code" hint="Such as SAVE20 or WELCOME-2026" error={errors.code?.message}>
            {({ control }) => (
              <Input
                {...control}
                autoComplete="off"
                spellCheck={false}
                className="font-mono uppercase"
                {...register('code')}
              />
            )}
          </Field>
          <Controller
            control={control}
            name="active"
            render={({ field }) => (
              <div className="flex items-center gap-3 sm:mt-8">
                <Switch.Root
                  id="discount-active"
                  checked={field.value}
                  onCheckedChange={field.onChange}
                  className="relative h-6 w-11 shrink-0 rounded-full bg-ink/25 transition-colors data-[state=checked]:bg-success"
                >
                  <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
                </Switch.Root>
                <label htmlFor="discount-active" className="cursor-pointer text-sm font-semibold select-none">
                  Active
                </label>
              </div>
            )}
          />
        </div>
      </FormSection>

      <FormSection
        title="What it takes off"
        description="Taken off the items' subtotal; delivery fees are never discounted."
      >
        <div className="flex flex-col gap-4">
          <fieldset>
            <legend className="mb-1.5 text-sm font-semibold">Type</legend>
            <div className="inline-flex rounded-xl border border-line bg-sand p-1">
              {DISCOUNT_KINDS.map((option) => (
                <label
                  key={option}
                  className={cn(
                    'cursor-pointer rounded-lg px-4 py-2 text-sm font-semibold transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent',
                    kind === option ? 'bg-white text-ink shadow-sm' : 'text-ink-soft hover:text-ink',
                  )}
                >
                  <input
                    type="radio"
                    value={option}
                    className="sr-only"
                    {...register('kind', {
                      onChange: () => setValue('value', '', { shouldDirty: true }),
                    })}
                  />
                  {KIND_LABELS[option]}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-2">
            {kind === 'percent' ? (
              <Field label="Percent off" hint="A whole number from 1 to 100" error={errors.value?.message}>
                {({ control }) => (
                  <div className="relative">
                    <Input
                      {...control}
                      inputMode="numeric"
                      className="pr-10 tabular-nums"
                      {...register('value')}
                    />
                    <span
                      aria-hidden="true"
                      className="absolute inset-y-0 right-4 grid place-items-center text-muted"
                    >
                      %
                    </span>
                  </div>
                )}
              </Field>
            ) : (
              <PriceField
                control={control}
                name="value"
                label="Amount off"
                hint="Never more than the items cost"
                error={errors.value?.message}
              />
            )}
            <PriceField
              control={control}
              name="minSpend"
              label="Minimum spend"
              hint="The items' subtotal an order needs; empty for none"
              error={errors.minSpend?.message}
            />
          </div>
        </div>
      </FormSection>

      <FormSection
        title="Dates"
        description="Days in Manila time: the code works from the start of the first to the end of the last."
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Starts on" hint="The first day it works" error={errors.startsOn?.message}>
            {({ control }) => <Input {...control} type="date" {...register('startsOn')} />}
          </Field>
          <Field
            label="Ends on"
            hint="The last day it works; empty: it never ends"
            error={errors.endsOn?.message}
          >
            {({ control }) => <Input {...control} type="date" {...register('endsOn')} />}
          </Field>
        </div>
      </FormSection>

      <FormSection title="Limits">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Total uses" hint="Empty: no limit" error={errors.totalUses?.message}>
            {({ control }) => (
              <Input {...control} inputMode="numeric" className="tabular-nums" {...register('totalUses')} />
            )}
          </Field>
          <Field label="Uses per customer" hint="Empty: no limit" error={errors.perCustomerUses?.message}>
            {({ control }) => (
              <Input
                {...control}
                inputMode="numeric"
                className="tabular-nums"
                {...register('perCustomerUses')}
              />
            )}
          </Field>
          <Field
            label="Only for this email"
            hint="Only the customer signed in with it can use the code; empty: any customer"
            error={errors.email?.message}
            className="sm:col-span-2"
          >
            {({ control }) => <Input {...control} type="email" autoComplete="off" {...register('email')} />}
          </Field>
        </div>
      </FormSection>

      <FormActions submitLabel={submitLabel} pending={pending} onCancel={onCancel} />
    </form>
  );
}
