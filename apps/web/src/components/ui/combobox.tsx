import { Check, ChevronDown, X } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { type ComboboxOption, useCombobox } from './use-combobox.ts';

interface ComboboxProps<Value extends string> {
  /** The input's id, which the field's label points at. */
  id: string;
  /** The name of its list of options (not the field's own, which its label gives). */
  listLabel: string;
  options: readonly ComboboxOption<Value>[];
  value?: Value;
  onChange(value?: Value): void;
  placeholder: string;
  /** The clear button's accessible name. */
  clearLabel: string;
  /** Off until the choice it depends on is made (an address's city before its barangay). */
  disabled?: boolean;
  /** The ids of its hint and message, and whether the message is an error. */
  describedBy?: string;
  invalid?: boolean;
}

/**
 * A searchable, clearable choice among a few options (the ARIA combobox pattern with a list box):
 * typing narrows the options, the arrow keys move through them, Enter or a click picks one,
 * Escape closes, and the clear button empties it. Small enough for the storefront's first load,
 * where a select library would weigh more than the page.
 */
export function Combobox<Value extends string>({
  id,
  options,
  value,
  onChange,
  listLabel,
  placeholder,
  clearLabel,
  disabled,
  describedBy,
  invalid,
}: ComboboxProps<Value>) {
  const box = useCombobox(options, value, onChange);
  const { open, chosen, shown, activeOption } = box;

  return (
    <div className="relative">
      <input
        id={id}
        role="combobox"
        aria-expanded={open}
        aria-controls={box.listId}
        aria-autocomplete="list"
        aria-activedescendant={activeOption ? box.optionId(activeOption) : undefined}
        autoComplete="off"
        disabled={disabled}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        value={box.typed ?? chosen?.label ?? ''}
        placeholder={placeholder}
        onChange={(event) => box.onType(event.target.value)}
        onClick={box.toggle}
        onKeyDown={box.onKeyDown}
        onBlur={box.close}
        className={cn(
          'h-12 w-full cursor-pointer rounded-xl border bg-white pr-18 pl-3 text-ink placeholder:text-muted',
          'disabled:cursor-not-allowed disabled:bg-sand/60 aria-invalid:border-danger',
          open ? 'border-ink' : 'border-line focus:border-ink',
        )}
      />
      <div className="absolute inset-y-0 right-2 flex items-center gap-0.5">
        {chosen && !disabled && (
          <button
            type="button"
            aria-label={clearLabel}
            // Keeps the focus in the input, so its blur does not run first.
            onMouseDown={(event) => event.preventDefault()}
            onClick={box.clear}
            className="grid size-8 place-items-center rounded-full text-muted hover:bg-sand hover:text-ink"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        )}
        <ChevronDown aria-hidden="true" className="pointer-events-none size-4 text-muted" />
      </div>
      <div
        hidden={!open}
        className="absolute inset-x-0 top-full z-30 mt-1 max-h-[300px] overflow-auto rounded-xl border border-line bg-white py-1 shadow-lg"
      >
        <div id={box.listId} role="listbox" aria-label={listLabel} hidden={shown.length === 0}>
          {shown.map((option) => (
            <div
              key={option.value}
              id={box.optionId(option)}
              role="option"
              aria-selected={option.value === value}
              // The input keeps the focus and handles the keys (aria-activedescendant).
              tabIndex={-1}
              // Picked before the input's blur closes the list.
              onMouseDown={(event) => {
                event.preventDefault();
                box.pick(option);
              }}
              className={cn(
                'flex cursor-pointer items-center justify-between px-3 py-2.5 text-sm text-ink',
                option === activeOption && 'bg-sand',
                option.value === value && 'font-semibold',
              )}
            >
              {option.label}
              {option.value === value && <Check aria-hidden="true" className="size-4" />}
            </div>
          ))}
        </div>
        {shown.length === 0 && <p className="px-3 py-2.5 text-sm text-muted">No options</p>}
      </div>
    </div>
  );
}
