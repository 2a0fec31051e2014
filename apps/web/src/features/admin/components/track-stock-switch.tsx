import { Switch } from 'radix-ui';
import { useId } from 'react';

/** "Track stock": on, the product sells only what is in stock; off, without limit. */
export function TrackStockSwitch({
  checked,
  onCheckedChange,
  disabled,
}: {
  checked: boolean;
  onCheckedChange(checked: boolean): void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-3">
      <Switch.Root
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        className="relative h-6 w-11 shrink-0 rounded-full bg-ink/25 transition-colors data-[state=checked]:bg-success disabled:opacity-50"
      >
        <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
      </Switch.Root>
      <label htmlFor={id} className="cursor-pointer text-sm font-semibold text-ink select-none">
        Track stock
      </label>
    </div>
  );
}
