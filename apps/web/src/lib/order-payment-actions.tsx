import { type OrderPayment, TransferReferenceSchema } from '@habi/shared';
import { CircleAlert, CircleCheck, CreditCard } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Button } from '../components/ui/button.tsx';
import { FieldError, Input } from '../components/ui/field.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { ApiError, errorMessage } from './api-client.ts';
import { usePayNow, useSendTransferReference } from './order-payment.ts';

/** Shown once the shopper has sent a transfer's reference, until the shop confirms or rejects it. */
export const REFERENCE_SENT = 'Reference sent — we will confirm your payment';

/**
 * A transfer's reference number, sent for the shop to find the money. While a reference waits to
 * be confirmed the form gives way to a note; a rejected one says why above the form.
 */
export function TransferReferenceForm({ orderId, payment }: { orderId: string; payment: OrderPayment }) {
  const id = useId();
  const errorId = `${id}-error`;
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const send = useSendTransferReference(orderId);
  const field = useRef<HTMLInputElement>(null);

  if (payment.reference) {
    return (
      <p
        role="status"
        className="flex items-start gap-2 rounded-xl bg-success/10 px-3.5 py-3 text-sm text-ink"
      >
        <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
        <span className="flex min-w-0 flex-col">
          <span>{REFERENCE_SENT}</span>
          <span className="break-all text-muted">Reference: {payment.reference}</span>
        </span>
      </p>
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = TransferReferenceSchema.safeParse({ reference: value });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      field.current?.focus();
      return;
    }
    send.mutate(parsed.data, {
      onError: (cause) => {
        setError((cause instanceof ApiError && cause.errors.reference) || errorMessage(cause));
        field.current?.focus();
      },
    });
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-2">
      {payment.rejectedReason && (
        <p className="flex items-start gap-2 rounded-xl bg-danger/10 px-3.5 py-3 text-sm text-ink">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-danger" />
          <span>
            We could not confirm your last reference: {payment.rejectedReason}. Please check it and send it
            again.
          </span>
        </p>
      )}
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        Transfer reference number
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={id}
          ref={field}
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            if (error) setError(undefined);
          }}
          autoComplete="off"
          spellCheck={false}
          maxLength={40}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="h-11 min-w-0 font-mono sm:flex-1"
        />
        <Button type="submit" variant="secondary" className="rounded-xl" disabled={send.isPending}>
          {send.isPending && <Spinner className="size-4" />}
          Send reference
        </Button>
      </div>
      <FieldError id={errorId} message={error} icon />
    </form>
  );
}

/** Pay now: a PayMongo checkout page for an unpaid online order; why not, when it cannot be had. */
export function PayNowButton({ orderId, className }: { orderId: string; className?: string }) {
  const pay = usePayNow(orderId);
  // After success the browser is on its way to PayMongo: the button stays busy until it leaves.
  const busy = pay.isPending || pay.isSuccess;
  return (
    <div className={className}>
      <Button variant="accent" className="w-full sm:w-auto" disabled={busy} onClick={() => pay.mutate()}>
        {busy ? <Spinner className="size-4" /> : <CreditCard aria-hidden="true" className="size-4" />}
        Pay now
      </Button>
      <div aria-live="polite">
        {pay.isError && (
          <p className="mt-2 flex items-start gap-2 text-sm text-danger">
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {errorMessage(pay.error)}
          </p>
        )}
      </div>
    </div>
  );
}
