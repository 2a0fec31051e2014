import type { User } from '@habi/shared';
import { type ComponentProps, type FormEvent, useId, useRef } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Combobox } from '../../../components/ui/combobox.tsx';
import { FieldError, Input, Label } from '../../../components/ui/field.tsx';
import { Loading } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { toast } from '../../../lib/toast.ts';
import { useAddAddress } from '../api/addresses.ts';
import {
  ADDRESS_FIELDS,
  type AddressErrors,
  type AddressField,
  serverErrors,
  useStructuredAddress,
} from '../hooks/use-structured-address.ts';

type Address = ReturnType<typeof useStructuredAddress>;

/**
 * The address box's Add mode for an address from the PSGC list: region, then province (Metro
 * Manila has none), then city or municipality, then barangay, each a searchable combobox that
 * opens once the one above it is chosen; then street and postal code, with the recipient and
 * their mobile. Saved as the one line couriers read, with its parts.
 */
export function StructuredAddressForm({
  user,
  onCancel,
  onAdded,
}: {
  user: User;
  onCancel(): void;
  onAdded(address: string): void;
}) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const address = useStructuredAddress(user);
  const add = useAddAddress(user._id);

  function showErrors(found: AddressErrors) {
    address.setErrors(found);
    const first = ADDRESS_FIELDS.find((field) => found[field]);
    if (first) formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(`${id}-${first}`)}`)?.focus();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = address.check();
    if ('errors' in checked) return showErrors(checked.errors);
    add.mutate(checked.sent, {
      onSuccess: () => {
        toast.success('New address added.');
        onAdded(checked.sent.newAddress);
      },
      onError: (cause) => {
        const found = serverErrors(cause);
        if (found) showErrors(found);
        else toast.error(errorMessage(cause));
      },
    });
  }

  const heading = (
    <h2
      id={`${id}-heading`}
      data-autofocus
      tabIndex={-1}
      className="text-xl font-semibold focus:outline-none"
    >
      Add new address
    </h2>
  );
  if (address.places.isPending) {
    return (
      <div>
        {heading}
        <Loading label="Loading the list of places..." className="py-8" />
      </div>
    );
  }
  if (address.places.isError || !address.lists) {
    return (
      <div>
        {heading}
        <p role="alert" className="mt-4 text-sm text-danger">
          The list of places could not be loaded. {errorMessage(address.places.error)}
        </p>
        <div className="mt-5 grid grid-cols-2 gap-3">
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button onClick={() => address.places.refetch()}>Try again</Button>
        </div>
      </div>
    );
  }
  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-labelledby={`${id}-heading`}>
      {heading}
      <p className="mt-1 text-sm text-muted">Where should we deliver your order?</p>
      <div className="mt-4 grid gap-4">
        <TextInput
          address={address}
          prefix={id}
          field="recipient"
          label="Recipient's name"
          autoComplete="name"
          maxLength={60}
        />
        <TextInput
          address={address}
          prefix={id}
          field="mobile"
          label="Mobile number"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="09171234567"
          maxLength={17}
        />
        <PlaceFields address={address} prefix={id} />
        <TextInput
          address={address}
          prefix={id}
          field="street"
          label="House no., street and building"
          autoComplete="address-line1"
          placeholder="e.g. Unit 5B, 12 Jupiter St."
          maxLength={150}
        />
        <TextInput
          address={address}
          prefix={id}
          field="postalCode"
          label="Postal code"
          inputMode="numeric"
          autoComplete="postal-code"
          placeholder="1209"
          maxLength={4}
        />
      </div>
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

/** Region, province (a note instead for Metro Manila), city or municipality, barangay. */
function PlaceFields({ address, prefix }: { address: Address; prefix: string }) {
  const { lists, values, barangays } = address;
  if (!lists) return null;
  const barangayHint = !values.cityCode
    ? 'Choose the city or municipality first'
    : barangays.isPending
      ? 'Loading barangays...'
      : barangays.isError
        ? 'The barangays could not be loaded: choose the city again'
        : undefined;
  return (
    <>
      <PlaceCombobox
        address={address}
        prefix={prefix}
        field="regionCode"
        label="Region"
        list="Regions"
        options={lists.regions}
      />
      {values.regionCode && !lists.hasProvinces ? (
        <div className="flex flex-col gap-1.5">
          <p className="text-sm font-semibold text-ink">Province</p>
          <p className="flex min-h-12 items-center rounded-xl bg-sand/60 px-3 text-sm text-ink-soft">
            Metro Manila has no provinces: choose the city.
          </p>
        </div>
      ) : (
        <PlaceCombobox
          address={address}
          prefix={prefix}
          field="provinceCode"
          label="Province"
          list="Provinces"
          options={lists.provinces}
          hint={values.regionCode ? undefined : 'Choose the region first'}
        />
      )}
      <PlaceCombobox
        address={address}
        prefix={prefix}
        field="cityCode"
        label="City or municipality"
        list="Cities and municipalities"
        options={lists.cities}
        hint={lists.cities.length === 0 ? 'Choose the region and province first' : undefined}
      />
      <PlaceCombobox
        address={address}
        prefix={prefix}
        field="barangayCode"
        label="Barangay"
        list="Barangays"
        options={(barangays.data?.barangays ?? []).map(([value, label]) => ({ value, label }))}
        hint={barangayHint}
      />
    </>
  );
}

/** A place's searchable combobox: off, with a hint saying why, until its list has something. */
function PlaceCombobox({
  address,
  prefix,
  field,
  label,
  list,
  options,
  hint,
}: {
  address: Address;
  prefix: string;
  field: AddressField;
  label: string;
  list: string;
  options: { value: string; label: string }[];
  hint?: string;
}) {
  const id = `${prefix}-${field}`;
  const error = address.errors[field];
  return (
    <Labelled id={id} label={label} hint={hint} error={error}>
      <Combobox
        id={id}
        listLabel={list}
        options={options}
        value={address.values[field] || undefined}
        onChange={(value) => address.set(field, value ?? '')}
        placeholder={`Search ${list.toLowerCase()}`}
        clearLabel={`Clear the ${label.toLowerCase()}`}
        disabled={options.length === 0}
        invalid={Boolean(error)}
        describedBy={describedBy(id, hint, error)}
      />
    </Labelled>
  );
}

function TextInput({
  address,
  prefix,
  field,
  label,
  className,
  ...input
}: { address: Address; prefix: string; field: AddressField; label: string } & ComponentProps<'input'>) {
  const id = `${prefix}-${field}`;
  const error = address.errors[field];
  return (
    <Labelled id={id} label={label} error={error} className={className}>
      <Input
        {...input}
        id={id}
        value={address.values[field]}
        onChange={(event) => address.set(field, event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, undefined, error)}
      />
    </Labelled>
  );
}

const describedBy = (id: string, hint?: string, error?: string) =>
  [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

/** A label, its control, an optional hint and the field's message. */
function Labelled({
  id,
  label,
  hint,
  error,
  className,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
