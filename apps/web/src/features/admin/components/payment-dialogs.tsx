import {
  PAYMENT_MESSAGES,
  type RecordPaymentInput,
  RecordPaymentSchema,
  ReferenceSchema,
  RefundSchema,
  RejectTransferSchema,
} from '@habi/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Field, Input } from '../../../components/ui/field.tsx';
import { AdminDialog, DialogButtons, FormMessage, showServerErrors } from './admin-dialog.tsx';

export type AmountOutput = z.output<typeof RecordPaymentSchema>;

/** A refund given back by hand (cash, a transfer) is recorded with its reference. */
const ManualRefundSchema = RefundSchema.extend({ reference: ReferenceSchema });

/**
 * The shared schema over the fields as typed: a reference or note left empty is absent (the
 * schemas take it as optional), except a reference the action requires, refused with its message.
 */
function amountResolver(referenceRequired: boolean): Resolver<RecordPaymentInput, unknown, AmountOutput> {
  const schema: z.ZodType<AmountOutput, RecordPaymentInput> = referenceRequired
    ? ManualRefundSchema
    : RecordPaymentSchema;
  const resolve = zodResolver(schema);
  return (values, context, options) => {
    const sent: RecordPaymentInput = { amount: values.amount };
    if (referenceRequired || values.reference?.trim()) sent.reference = values.reference ?? '';
    if (values.note?.trim()) sent.note = values.note;
    return resolve(sent, context, options);
  };
}

const AMOUNT_FIELDS = ['amount', 'reference', 'note'] as const;

/**
 * Money received or given back: the amount (prefilled), a reference and a note. Collections,
 * confirmed transfers and refunds; messages under the fields are the shared schema's, and a
 * refusal is shown under the field it names (an amount above what can be refunded under Amount).
 */
export function AmountDialog({
  onClose,
  title,
  description,
  submitLabel,
  defaultAmount,
  referenceRequired = false,
  referenceHint,
  evidence,
  onSubmit,
}: {
  onClose(): void;
  title: string;
  description: ReactNode;
  /** What the shopper sent to look at first (their transfer's screenshot). */
  evidence?: ReactNode;
  submitLabel: string;
  /** Decimal text, "1250.00". */
  defaultAmount: string;
  referenceRequired?: boolean;
  referenceHint: string;
  onSubmit(values: AmountOutput): Promise<void>;
}) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RecordPaymentInput, unknown, AmountOutput>({
    resolver: amountResolver(referenceRequired),
    defaultValues: { amount: defaultAmount, reference: '', note: '' },
  });

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      showServerErrors(error, AMOUNT_FIELDS, setError, 'amount');
    }
  });

  return (
    <AdminDialog onClose={onClose} title={title} description={description} pending={isSubmitting}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        {evidence}
        <Field label="Amount (PHP)" error={errors.amount?.message}>
          {({ control }) => (
            <Input {...control} inputMode="decimal" autoComplete="off" {...register('amount')} />
          )}
        </Field>
        <Field
          label={referenceRequired ? 'Reference' : 'Reference (optional)'}
          hint={referenceHint}
          error={errors.reference?.message}
        >
          {({ control }) => (
            <Input {...control} autoComplete="off" spellCheck={false} {...register('reference')} />
          )}
        </Field>
        <Field label="Note (optional)" error={errors.note?.message}>
          {({ control }) => <Input {...control} autoComplete="off" {...register('note')} />}
        </Field>
        <FormMessage message={errors.root?.server?.message} />
        <DialogButtons submitLabel={submitLabel} pending={isSubmitting} onCancel={onClose} />
      </form>
    </AdminDialog>
  );
}

type RejectFields = z.input<typeof RejectTransferSchema>;
type RejectOutput = z.output<typeof RejectTransferSchema>;

/** Rejecting a transfer's reference: why, in words the shopper is mailed. */
export function RejectTransferDialog({
  onClose,
  reference,
  evidence,
  onSubmit,
}: {
  onClose(): void;
  reference: string;
  /** The shopper's screenshot of the transfer, to look at first. */
  evidence?: ReactNode;
  onSubmit(values: RejectOutput): Promise<void>;
}) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RejectFields, unknown, RejectOutput>({
    resolver: zodResolver(RejectTransferSchema),
    defaultValues: { reason: '' },
  });

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      showServerErrors(error, ['reason'], setError);
    }
  });

  return (
    <AdminDialog
      onClose={onClose}
      title="Reject transfer"
      description={
        <>
          No transfer with the reference <strong className="font-mono text-ink">{reference}</strong> was
          found. The shopper is mailed the reason and may enter another reference.
        </>
      }
      pending={isSubmitting}
    >
      <form noValidate onSubmit={submit}>
        {evidence && <div className="mb-4">{evidence}</div>}
        <Field label="Reason" hint={PAYMENT_MESSAGES.reason} error={errors.reason?.message}>
          {({ control }) => <Input {...control} autoComplete="off" {...register('reason')} />}
        </Field>
        <FormMessage message={errors.root?.server?.message} />
        <DialogButtons submitLabel="Reject" danger pending={isSubmitting} onCancel={onClose} />
      </form>
    </AdminDialog>
  );
}
