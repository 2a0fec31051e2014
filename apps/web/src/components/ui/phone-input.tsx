import 'react-phone-number-input/style.css';
import type { ComponentType, FocusEventHandler, Ref } from 'react';
import PhoneInputWithCountry from 'react-phone-number-input';
import en from 'react-phone-number-input/locale/en';
import { cn } from '../../lib/cn.ts';

/**
 * Flags come from the store's own origin (copied there by scripts/copy-flags.mjs): the strict
 * Content-Security-Policy allows no third-party image host.
 */
const FLAG_URL = '/flags/{XX}.svg';
const INTERNATIONAL = 'ZZ';

interface CountryOption {
  value?: string;
  label: string;
  divider?: boolean;
}

interface CountrySelectProps {
  value?: string;
  onChange(country?: string): void;
  options: CountryOption[];
  iconComponent: ComponentType<{ country?: string; label: string; 'aria-hidden'?: boolean }>;
  onFocus?: FocusEventHandler<HTMLSelectElement>;
  onBlur?: FocusEventHandler<HTMLSelectElement>;
  disabled?: boolean;
  readOnly?: boolean;
  name?: string;
  'aria-label'?: string;
}

/**
 * The country picker: a native select (so it is keyboard and screen-reader friendly) laid
 * over the flag. The library leaves out 'International' when the calling code is locked; the
 * sign-up form offers it, so it is put back first.
 */
function CountrySelect({
  value,
  onChange,
  options,
  iconComponent: Icon,
  readOnly,
  disabled,
  ...rest
}: CountrySelectProps) {
  const withInternational =
    options[0]?.value === undefined ? options : [{ value: undefined, label: en.ZZ }, ...options];
  const selected = withInternational.find((option) => !option.divider && option.value === value);
  return (
    <div className="PhoneInputCountry">
      <select
        {...rest}
        disabled={disabled || readOnly}
        value={value ?? INTERNATIONAL}
        onChange={(event) => {
          const picked = event.target.value;
          onChange(picked === INTERNATIONAL ? undefined : picked);
          if (picked === INTERNATIONAL) {
            // The digits so far stay; selected, they give way to the full number typed next.
            const number = event.currentTarget.closest('.PhoneInput')?.querySelector('input');
            requestAnimationFrame(() => number?.select());
          }
        }}
        className="PhoneInputCountrySelect"
      >
        {withInternational.map((option, index) =>
          option.divider ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: dividers have no value of their own.
            <option key={`divider-${index}`} disabled value="">
              ──────────
            </option>
          ) : (
            <option key={option.value ?? INTERNATIONAL} value={option.value ?? INTERNATIONAL}>
              {option.label}
            </option>
          ),
        )}
      </select>
      <Icon aria-hidden country={value} label={selected?.label ?? en.ZZ} />
      <div className="PhoneInputCountrySelectArrow" />
    </div>
  );
}

export interface PhoneInputProps {
  id?: string;
  name?: string;
  /** E.164 text, '+639171234567', or '' when empty. */
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  invalid?: boolean;
  describedBy?: string;
  disabled?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/**
 * Contact number: international, default country PH, the calling code fixed in
 * front of the digits, every country named in English plus 'International'.
 */
export function PhoneInput({
  id,
  name,
  value,
  onChange,
  onBlur,
  invalid,
  describedBy,
  disabled,
  ref,
}: PhoneInputProps) {
  return (
    <PhoneInputWithCountry
      // The library forwards ref to its <input/> (focus on error), though its types name the class.
      ref={ref as never}
      id={id}
      name={name}
      value={value || undefined}
      onChange={(next) => onChange(next ?? '')}
      onBlur={onBlur}
      disabled={disabled}
      defaultCountry="PH"
      international
      countryCallingCodeEditable={false}
      labels={en}
      flagUrl={FLAG_URL}
      countrySelectComponent={CountrySelect}
      autoComplete="tel"
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      className={cn(
        'h-12 w-full rounded-xl border border-line bg-white pr-4 pl-4 transition-colors focus-within:border-ink has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-accent [--PhoneInputCountryFlag-borderColor--focus:var(--color-accent)] [--PhoneInputCountrySelectArrow-color--focus:var(--color-accent)] [--PhoneInputCountrySelectArrow-opacity:0.7] [--PhoneInputCountryFlag-borderColor:var(--color-line)] [--PhoneInputCountryFlag-height:1.1em] [--PhoneInputCountrySelect-marginRight:0.75em]',
        invalid && 'border-danger',
        disabled && 'bg-sand',
      )}
      // The number's focus ring goes round the whole field, the country beside it included.
      numberInputProps={{
        className:
          'h-full bg-transparent text-base text-ink tabular-nums outline-none focus:outline-none focus-visible:outline-none',
      }}
    />
  );
}
