import {
  IMAGE_MESSAGES,
  type OrderPayment,
  TRANSFER_PROOF_FIELD,
  TransferReferenceSchema,
} from '@habi/shared';
import { CircleAlert, CircleCheck, CreditCard, ImageIcon, Paperclip, X } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Button } from '../components/ui/button.tsx';
import { FieldError, Input } from '../components/ui/field.tsx';
import { ImageFileButton } from '../components/ui/image-file-button.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { ApiError, errorMessage } from './api-client.ts';
import { transferProofUrl, usePayNow, useSendTransferReference } from './order-payment.ts';

/** Shown once the shopper has sent a transfer's reference, until the shop confirms or rejects it. */
export const REFERENCE_SENT = 'Reference sent — we will confirm your payment';

/** The error to show under the form: the server's word on a field, else its message. */
const problemOf = (cause: unknown) =>
  (cause instanceof ApiError && (cause.errors.reference || cause.errors[TRANSFER_PROOF_FIELD])) ||
  errorMessage(cause);

/**
 * A transfer's reference number, sent for the shop to find the money, with a screenshot of the
 * transfer if the shopper has one. While a reference waits to be confirmed the form gives way to
 * a note (and a screenshot may still be added); a rejected one says why above the form.
 */
export function TransferReferenceForm({ orderId, payment }: { orderId: string; payment: OrderPayment }) {
  const id = useId();
  const errorId = `${id}-error`;
  const [value, setValue] = useState('');
  const [proof, setProof] = useState<File | null>(null);
  const [error, setError] = useState<string>();
  const send = useSendTransferReference(orderId);
  const field = useRef<HTMLInputElement>(null);

  if (payment.reference) {
    return (
      <div className="flex flex-col gap-3 rounded-xl bg-success/10 px-3.5 py-3 text-sm text-ink">
        <p role="status" className="flex items-start gap-2">
          <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
          <span className="flex min-w-0 flex-col">
            <span>{REFERENCE_SENT}</span>
            <span className="break-all text-muted">Reference: {payment.reference}</span>
          </span>
        </p>
        <div className="pl-6">
          {payment.transferProof ? (
            <a
              href={transferProofUrl(orderId)}
              target="_blank"
              rel="noreferrer"
              className="inline-flex items-center gap-1.5 font-semibold underline underline-offset-2"
            >
              <ImageIcon aria-hidden="true" className="size-4 shrink-0" />
              Screenshot attached — view it
            </a>
          ) : (
            <ImageFileButton
              label="Screenshot of your transfer"
              disabled={send.isPending}
              describedBy={error ? errorId : undefined}
              onProblem={setError}
              onChoose={(file) => {
                setError(undefined);
                send.mutate({ proof: file }, { onError: (cause) => setError(problemOf(cause)) });
              }}
            >
              {send.isPending ? (
                <Spinner className="size-4" />
              ) : (
                <Paperclip aria-hidden="true" className="size-4" />
              )}
              Add a screenshot of your transfer
            </ImageFileButton>
          )}
          <FieldError id={errorId} message={error} icon />
        </div>
      </div>
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
    send.mutate(
      { ...parsed.data, proof },
      {
        onError: (cause) => {
          setError(problemOf(cause));
          field.current?.focus();
        },
      },
    );
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
        className="h-11 min-w-0 font-mono"
      />
      <FieldError id={errorId} message={error} icon />
      <div className="flex flex-wrap items-center gap-2 text-sm">
        {proof ? (
          <span className="inline-flex h-9 max-w-full items-center gap-2 rounded-full border border-line bg-white pr-1 pl-3">
            <ImageIcon aria-hidden="true" className="size-4 shrink-0 text-muted" />
            <span className="min-w-0 truncate">{proof.name}</span>
            <button
              type="button"
              aria-label={`Remove the screenshot ${proof.name}`}
              className="grid size-7 shrink-0 place-items-center rounded-full text-muted hover:bg-sand hover:text-ink"
              onClick={() => setProof(null)}
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          </span>
        ) : (
          <ImageFileButton
            label="Screenshot of your transfer"
            onProblem={setError}
            onChoose={(file) => {
              setError(undefined);
              setProof(file);
            }}
          >
            <Paperclip aria-hidden="true" className="size-4" />
            Attach a screenshot
          </ImageFileButton>
        )}
        <span className="text-muted">Optional · {IMAGE_MESSAGES.accepted}</span>
      </div>
      <Button
        type="submit"
        variant="secondary"
        className="mt-1 rounded-xl sm:self-start"
        disabled={send.isPending}
      >
        {send.isPending && <Spinner className="size-4" />}
        Send reference
      </Button>
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
