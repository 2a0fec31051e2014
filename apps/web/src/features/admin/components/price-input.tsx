import CurrencyInput from 'react-currency-input-field';
import { cn } from '../../../lib/cn.ts';

export const PESO = '₱';

interface PriceInputProps {
  id: string;
  name: string;
  /** The starting amount, "1299.00". */
  defaultValue?: string;
  /** Called with the text as shown, "₱1,299.00" (the symbol is stripped when sending). */
  onChange: (text: string) => void;
  onBlur: () => void;
  invalid: boolean;
  describedBy: string | undefined;
}

/** Price input: en-PH pesos, no negatives, '.' for decimals and ',' between thousands. */
export function PriceInput({
  id,
  name,
  defaultValue,
  onChange,
  onBlur,
  invalid,
  describedBy,
}: PriceInputProps) {
  return (
    <CurrencyInput
      id={id}
      name={name}
      intlConfig={{ locale: 'en-PH', currency: 'PHP' }}
      prefix={PESO}
      allowNegativeValue={false}
      decimalSeparator="."
      groupSeparator=","
      decimalsLimit={2}
      defaultValue={defaultValue}
      placeholder={`${PESO}0.00`}
      onValueChange={(_value, _name, values) => onChange(values?.formatted ?? '')}
      onBlur={onBlur}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      className={cn(
        'h-12 w-full rounded-xl border border-line bg-white px-4 text-base text-ink tabular-nums transition-colors placeholder:text-muted/80 focus:border-ink focus:outline-none aria-invalid:border-danger',
      )}
    />
  );
}
