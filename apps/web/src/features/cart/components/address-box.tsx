import type { User } from '@habi/shared';
import { CircleAlert, MapPin, Phone, Plus, Trash2 } from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { toast } from '../../../lib/toast.ts';
import { useDeleteAddress } from '../api/addresses.ts';
import { AddAddressForm } from './add-address-form.tsx';

export type AddressMode = 'summary' | 'list' | 'add';

interface AddressBoxProps {
  user: User;
  mode: AddressMode;
  onModeChange(mode: AddressMode): void;
  /** The address the order ships to, '' for none. */
  selected: string;
  onSelect(address: string): void;
  /** Set after an attempt to order without an address. */
  needsAddress: boolean;
}

const eyebrow = 'text-xs font-bold tracking-widest text-muted uppercase';

/**
 * Address box: Summary, then List, then Add, then back to List. Each switch moves
 * focus to the new mode's heading (or the field), so keyboard users keep their place.
 */
export function AddressBox({ user, mode, onModeChange, selected, onSelect, needsAddress }: AddressBoxProps) {
  const boxRef = useRef<HTMLElement>(null);
  const shownMode = useRef(mode);
  useEffect(() => {
    if (shownMode.current === mode) return;
    shownMode.current = mode;
    boxRef.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, [mode]);

  return (
    <section
      ref={boxRef}
      aria-label="Shipping address"
      className="rounded-2xl border border-line bg-white p-5 sm:p-6"
    >
      {mode === 'summary' && (
        <AddressSummary
          user={user}
          selected={selected}
          needsAddress={needsAddress}
          onChange={() => onModeChange('list')}
        />
      )}
      {mode === 'list' && (
        <AddressList
          user={user}
          selected={selected}
          onSelect={onSelect}
          needsAddress={needsAddress}
          onAdd={() => onModeChange('add')}
          onDone={() => onModeChange('summary')}
        />
      )}
      {mode === 'add' && (
        <AddAddressForm
          user={user}
          onCancel={() => onModeChange('list')}
          onAdded={(address) => {
            onSelect(address);
            onModeChange('list');
          }}
        />
      )}
    </section>
  );
}

function MissingAddress({ show }: { show: boolean }) {
  return (
    <div aria-live="polite">
      {show && (
        <p className="mt-4 flex items-start gap-2 text-sm text-danger">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          Choose a shipping address to place your order.
        </p>
      )}
    </div>
  );
}

function AddressSummary({
  user,
  selected,
  needsAddress,
  onChange,
}: {
  user: User;
  selected: string;
  needsAddress: boolean;
  onChange(): void;
}) {
  return (
    <div>
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <p className={eyebrow}>Shipping address</p>
          <h2
            data-autofocus
            tabIndex={-1}
            className="mt-1 text-xl font-semibold break-words focus:outline-none"
          >
            Hello, {user.name}
          </h2>
        </div>
        <Button variant="secondary" size="sm" onClick={onChange} aria-label="Change shipping address">
          Change
        </Button>
      </div>
      <ul className="mt-4 flex flex-col gap-2.5 text-sm">
        <li className="flex items-start gap-2.5">
          <Phone aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted" />
          <span>
            <span className="sr-only">Contact number: </span>
            {user.contactNumber}
          </span>
        </li>
        <li className="flex items-start gap-2.5">
          <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted" />
          {selected ? (
            <span className="break-words" data-testid="selected-address">
              <span className="sr-only">Ships to: </span>
              {selected}
            </span>
          ) : (
            <span className="text-muted italic">No shipping address...</span>
          )}
        </li>
      </ul>
      <MissingAddress show={needsAddress && !selected} />
    </div>
  );
}

function AddressList({
  user,
  selected,
  onSelect,
  needsAddress,
  onAdd,
  onDone,
}: {
  user: User;
  selected: string;
  onSelect(address: string): void;
  needsAddress: boolean;
  onAdd(): void;
  onDone(): void;
}) {
  const id = useId();
  const headingId = `${id}-heading`;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const remove = useDeleteAddress(user._id);
  const [error, setError] = useState<string>();
  const addresses = user.shippingAddress;
  const deleting = remove.isPending ? remove.variables : undefined;

  function deleteAddress(address: string) {
    setError(undefined);
    remove.mutate(address, {
      onSuccess: () => {
        toast.success('Address Deleted');
        if (address === selected) onSelect('');
        headingRef.current?.focus();
      },
      onError: (cause) => setError(errorMessage(cause)),
    });
  }

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2
          id={headingId}
          ref={headingRef}
          data-autofocus
          tabIndex={-1}
          className="text-xl font-semibold focus:outline-none"
        >
          Select Shipping Address
        </h2>
        <Button variant="secondary" size="sm" onClick={onAdd}>
          <Plus aria-hidden="true" className="size-4" />
          Add New Address
        </Button>
      </div>

      {addresses.length === 0 ? (
        <p className="mt-4 rounded-xl bg-sand/70 px-4 py-5 text-center text-sm text-ink-soft">
          No available address...
        </p>
      ) : (
        <RadioGroup.Root
          aria-labelledby={headingId}
          value={selected}
          onValueChange={onSelect}
          className="mt-4 flex flex-col gap-2"
        >
          {addresses.map((address, index) => (
            <AddressOption
              key={address}
              id={`${id}-${index}`}
              address={address}
              checked={address === selected}
              deleting={deleting}
              onDelete={() => deleteAddress(address)}
            />
          ))}
        </RadioGroup.Root>
      )}
      {error && (
        <p role="alert" className="mt-3 text-sm text-danger">
          {error}
        </p>
      )}
      <MissingAddress show={needsAddress && !selected} />
      <Button className="mt-5 w-full" onClick={onDone}>
        {addresses.length > 0 ? 'Save' : 'Back'}
      </Button>
    </div>
  );
}

/** One saved address: its radio, its text as the label, and its Delete button. */
function AddressOption({
  id,
  address,
  checked,
  deleting,
  onDelete,
}: {
  id: string;
  address: string;
  checked: boolean;
  /** The address being deleted, if one is: every Delete waits for it. */
  deleting: string | undefined;
  onDelete(): void;
}) {
  return (
    <div
      className={cn(
        'relative flex items-start gap-3 rounded-xl border py-3 pr-2 pl-3.5 transition-colors',
        checked ? 'border-ink bg-sand/60' : 'border-line hover:border-ink/40',
      )}
    >
      <RadioGroup.Item
        id={id}
        value={address}
        className="relative z-10 mt-0.5 grid size-5 shrink-0 place-items-center rounded-full border border-ink/50 bg-white data-[state=checked]:border-ink"
      >
        <RadioGroup.Indicator className="size-2.5 rounded-full bg-ink" />
      </RadioGroup.Item>
      <label
        htmlFor={id}
        className="min-w-0 flex-1 cursor-pointer pt-px text-sm leading-relaxed break-words text-ink after:absolute after:inset-0"
      >
        {address}
      </label>
      <button
        type="button"
        aria-label={`Delete address: ${address}`}
        disabled={deleting !== undefined}
        onClick={onDelete}
        className="relative z-10 -my-1.5 grid size-9 shrink-0 place-items-center rounded-full text-muted transition-colors hover:bg-white hover:text-danger disabled:cursor-not-allowed"
      >
        {deleting === address ? (
          <Spinner className="size-4" />
        ) : (
          <Trash2 aria-hidden="true" className="size-4" />
        )}
      </button>
    </div>
  );
}
