import { Check } from 'lucide-react';
import { Checkbox as RadixCheckbox } from 'radix-ui';
import { useId } from 'react';

interface CheckboxProps {
  label: string;
  checked: boolean;
  onCheckedChange(checked: boolean): void;
}

export function Checkbox({ label, checked, onCheckedChange }: CheckboxProps) {
  const id = useId();
  return (
    <div className="flex items-center gap-3">
      <RadixCheckbox.Root
        id={id}
        checked={checked}
        onCheckedChange={(value) => onCheckedChange(value === true)}
        className="grid size-5 shrink-0 place-items-center rounded-md border border-ink/40 bg-white data-[state=checked]:border-ink data-[state=checked]:bg-ink"
      >
        <RadixCheckbox.Indicator>
          <Check aria-hidden="true" className="size-3.5 text-paper" strokeWidth={3} />
        </RadixCheckbox.Indicator>
      </RadixCheckbox.Root>
      <label htmlFor={id} className="cursor-pointer text-sm text-ink-soft select-none">
        {label}
      </label>
    </div>
  );
}
