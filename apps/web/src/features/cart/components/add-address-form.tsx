import { AddAddressSchema, LIMITS, type User } from '@habi/shared';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError, Textarea } from '../../../components/ui/field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { toast } from '../../../lib/toast.ts';
import { useAddAddress } from '../api/addresses.ts';
import { StructuredAddressForm } from './structured-address-form.tsx';

interface AddFormProps {
  onCancel(): void;
  onAdded(address: string): void;
}

/**
 * The address box's Add mode: typed as one text (SPEC's textarea, first), or picked from the
 * Philippine list of places, which couriers read best.
 */
export function AddAddressForm({ user, ...props }: { user: User } & AddFormProps) {
  const [typed, setTyped] = useState(true);
  return (
    <div>
      <fieldset className="mb-4 grid grid-cols-2 gap-1 rounded-xl bg-sand/70 p-1">
        <legend className="sr-only">How to enter the address</legend>
        {[true, false].map((typing) => (
          <button
            key={String(typing)}
            type="button"
            aria-pressed={typed === typing}
            onClick={() => setTyped(typing)}
            className={cn(
              'min-h-10 rounded-lg px-3 text-sm font-semibold text-ink-soft',
              typed === typing && 'bg-white text-ink shadow-sm',
            )}
          >
            {typing ? 'Type it in' : 'Pick from the list'}
          </button>
        ))}
      </fieldset>
      {typed ? (
        <TypedAddressForm userId={user._id} {...props} />
      ) : (
        <StructuredAddressForm user={user} {...props} />
      )}
    </div>
  );
}

/** One new address typed as text, checked by the shared schema, then saved. */
function TypedAddressForm({ userId, onCancel, onAdded }: { userId: string } & AddFormProps) {
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
    add.mutate(
      { newAddress: address },
      {
        onSuccess: () => {
          toast.success('New address added.');
          onAdded(address);
        },
        onError: (cause) => {
          setError(errorMessage(cause));
          fieldRef.current?.focus();
        },
      },
    );
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
