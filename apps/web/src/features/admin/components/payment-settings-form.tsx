import {
  PAYMENT_MESSAGES,
  PAYMENT_METHOD_LABELS,
  type PaymentSettings,
  type PaymentSettingsFields,
  type PaymentSettingsInput,
  PaymentSettingsInputSchema,
} from '@habi/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Switch } from 'radix-ui';
import { useEffect, useId } from 'react';
import { type Control, Controller, type Resolver, useForm } from 'react-hook-form';
import { Field, Input } from '../../../components/ui/field.tsx';
import { FormMessage, showServerErrors } from './admin-dialog.tsx';
import { FormActions, FormSection } from './form-bits.tsx';

/** The form's values from the stored settings: no COD limit is an empty field. */
export function settingsFormValues(settings: PaymentSettings): PaymentSettingsInput {
  return {
    codEnabled: settings.codEnabled,
    codMaxTotal: settings.codMaxTotal ?? '',
    transferEnabled: settings.transferEnabled,
    transferHours: String(settings.transferHours),
    onlineEnabled: settings.onlineEnabled && settings.onlineAvailable,
    onlineMinutes: String(settings.onlineMinutes),
  };
}

/** The fields a refusal is shown under; any other refusal is the form's own message. */
const FIELDS = ['codMaxTotal', 'transferHours', 'onlineMinutes'] as const;

const resolveSettings = zodResolver(PaymentSettingsInputSchema);
/**
 * The shared schema's resolver, with the COD maximum's own message: for a union, zodResolver
 * shows its first option's message ('Invalid input: expected ""') rather than the union's.
 */
const settingsResolver: Resolver<PaymentSettingsInput, unknown, PaymentSettingsFields> = async (
  values,
  context,
  options,
) => {
  const result = await resolveSettings(values, context, options);
  if (result.errors.codMaxTotal) result.errors.codMaxTotal.message = PAYMENT_MESSAGES.codMax;
  return result;
};

type SettingsControl = Control<PaymentSettingsInput, unknown, PaymentSettingsFields>;

/** A payment method's on/off switch, with what it means under it. */
function MethodSwitch({
  control,
  name,
  label,
  hint,
  disabled,
}: {
  control: SettingsControl;
  name: 'codEnabled' | 'transferEnabled' | 'onlineEnabled';
  label: string;
  hint: string;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div className="flex items-start gap-3">
          <Switch.Root
            id={id}
            checked={field.value}
            onCheckedChange={field.onChange}
            onBlur={field.onBlur}
            disabled={disabled}
            aria-describedby={`${id}-hint`}
            className="relative mt-0.5 h-6 w-11 shrink-0 rounded-full bg-ink/25 transition-colors data-[state=checked]:bg-success disabled:opacity-50"
          >
            <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
          </Switch.Root>
          <div>
            <label htmlFor={id} className="cursor-pointer text-sm font-semibold text-ink select-none">
              {label}
            </label>
            <p id={`${id}-hint`} className="text-xs text-muted">
              {hint}
            </p>
          </div>
        </div>
      )}
    />
  );
}

/**
 * The shop's payment settings: which methods the cart offers, the largest total cash on
 * delivery takes, and how long a transfer or an online payment may take before the order lapses.
 */
export function PaymentSettingsForm({
  settings,
  onSave,
  onCancel,
  onDirtyChange,
}: {
  settings: PaymentSettings;
  /** Saves and answers the stored settings, which the form then starts again from. */
  onSave(values: PaymentSettingsFields): Promise<PaymentSettings>;
  onCancel(): void;
  onDirtyChange(dirty: boolean): void;
}) {
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<PaymentSettingsInput, unknown, PaymentSettingsFields>({
    resolver: settingsResolver,
    defaultValues: settingsFormValues(settings),
  });
  useEffect(() => onDirtyChange(isDirty), [onDirtyChange, isDirty]);

  const submit = handleSubmit(async (values) => {
    try {
      reset(settingsFormValues(await onSave(values)));
    } catch (error) {
      showServerErrors(error, FIELDS, setError);
    }
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-6">
      <FormSection title="Payment methods" description="What shoppers may choose in the cart.">
        <div className="flex flex-col gap-5">
          <MethodSwitch
            control={control}
            name="codEnabled"
            label={PAYMENT_METHOD_LABELS.cod}
            hint="Paid in cash to the courier; the shop records what was collected."
          />
          <Field
            label="COD maximum total (PHP)"
            hint="Orders above it cannot be paid on delivery. Leave empty for no limit."
            error={errors.codMaxTotal?.message}
            className="max-w-xs sm:ml-14"
          >
            {({ control }) => (
              <Input {...control} inputMode="decimal" autoComplete="off" {...register('codMaxTotal')} />
            )}
          </Field>
          <MethodSwitch
            control={control}
            name="transferEnabled"
            label={PAYMENT_METHOD_LABELS.transfer}
            hint="The shopper sends the money to one of the accounts below and enters its reference."
          />
          <Field
            label="Hours to transfer"
            hint="An order not paid by then is cancelled."
            error={errors.transferHours?.message}
            className="max-w-xs sm:ml-14"
          >
            {({ control }) => <Input {...control} inputMode="numeric" {...register('transferHours')} />}
          </Field>
          <MethodSwitch
            control={control}
            name="onlineEnabled"
            label={PAYMENT_METHOD_LABELS.online}
            disabled={!settings.onlineAvailable}
            hint={
              settings.onlineAvailable
                ? "Paid on PayMongo's checkout page; the order is marked paid when PayMongo says so."
                : 'Not available: the server has no PayMongo keys. Whoever runs the store can set them.'
            }
          />
          <Field
            label="Minutes to pay online"
            hint="An order not paid by then is cancelled."
            error={errors.onlineMinutes?.message}
            className="max-w-xs sm:ml-14"
          >
            {({ control }) => <Input {...control} inputMode="numeric" {...register('onlineMinutes')} />}
          </Field>
        </div>
        <FormMessage message={errors.root?.server?.message} />
      </FormSection>
      <FormActions submitLabel="Save" pending={isSubmitting} onCancel={onCancel} />
    </form>
  );
}
