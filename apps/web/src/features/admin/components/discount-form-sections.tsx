import {
  DISCOUNT_KINDS,
  type DiscountFormInput,
  type DiscountFormSchema,
  type DiscountKind,
} from '@habi/shared';
import { Switch } from 'radix-ui';
import { type Control, Controller, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import type { z } from 'zod';
import { Field, Input } from '../../../components/ui/field.tsx';
import { cn } from '../../../lib/cn.ts';
import { FormSection } from './form-bits.tsx';
import { PriceInput } from './price-input.tsx';

type DiscountControl = Control<DiscountFormInput, unknown, z.output<typeof DiscountFormSchema>>;

interface SectionProps {
  register: UseFormRegister<DiscountFormInput>;
  errors: FieldErrors<DiscountFormInput>;
}

const KIND_LABELS: Record<DiscountKind, string> = { percent: 'Percentage', fixed: 'Fixed amount' };

/** A peso amount of the form, typed as the product forms' prices are. */
function PriceField({
  control,
  name,
  label,
  hint,
  error,
}: {
  control: DiscountControl;
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

/** The code itself and whether it works now. */
export function CodeSection({ register, errors, control }: SectionProps & { control: DiscountControl }) {
  return (
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
  );
}

/** A percentage or a peso amount off, and the subtotal an order needs for it. */
export function AmountSection({
  register,
  errors,
  control,
  kind,
  onKindChange,
}: SectionProps & {
  control: DiscountControl;
  kind: DiscountKind;
  /** The value typed means another thing in the other kind, so a change of kind empties it. */
  onKindChange(): void;
}) {
  return (
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
                  {...register('kind', { onChange: onKindChange })}
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
  );
}

/** The first and last day the code works. */
export function DatesSection({ register, errors }: SectionProps) {
  return (
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
  );
}

/** How often it may be used, in all and by one customer, and by whom. */
export function LimitsSection({ register, errors }: SectionProps) {
  return (
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
  );
}
