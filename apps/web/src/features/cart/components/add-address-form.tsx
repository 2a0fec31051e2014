import { AddAddressSchema, LIMITS } from '@habi/shared';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError, Textarea } from '../../../components/ui/field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useAddAddress } from '../api/addresses.ts';

/** The address box's Add mode: one new address, checked by the shared schema, then saved. */
export function AddAddressForm({
  userId,
  onCancel,
  onAdded,
}: {
  userId: string;
  onCancel(): void;
  onAdded(address: string): void;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const add = useAddAddress(userId);
  const fieldRef = useRef<HTMLTextAreaElement>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = AddAddressSchema.safeParse({ newAddress: value });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      fieldRef.current?.focus();
      return;
    }
    const address = parsed.data.newAddress;
    add.mutate(address, {
      onSuccess: () => {
        toast.success('New address added.');
        onAdded(address);
      },
      onError: (cause) => {
        setError(errorMessage(cause));
        fieldRef.current?.focus();
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate>
      <h2 className="text-xl font-semibold">
        <label htmlFor={id}>Add new address</label>
      </h2>
      <p className="mt-1 text-sm text-muted">Where should we deliver your order?</p>
      <Textarea
        id={id}
        ref={fieldRef}
        data-autofocus
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          if (error) setError(undefined);
        }}
        maxLength={LIMITS.addressMax}
        rows={4}
        placeholder={
          'House number, street, city and postal code\ne.g. 12 Mabini St., Poblacion, Makati City 1210'
        }
        aria-invalid={Boolean(error)}
        aria-describedby={error ? errorId : undefined}
        className="mt-4 resize-none"
      />
      <FieldError id={errorId} message={error} />
      <div className="mt-5 grid grid-cols-2 gap-3">
        <Button variant="secondary" onClick={onCancel} disabled={add.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? 'Loading...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
