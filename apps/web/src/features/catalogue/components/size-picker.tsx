import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn.ts';

/**
 * 'Select Size': native radio buttons drawn as pills, so arrow keys move between
 * sizes and screen readers announce a radio group. Each (transparent) radio covers its pill,
 * so a tap lands on the control itself. A sold-out size stays in view, disabled (arrow keys pass
 * it by) and named "M, sold out".
 */
export function SizePicker({
  sizes,
  soldOut,
  value,
  onChange,
  guide,
}: {
  sizes: string[];
  /** The sizes none are left of, in the chosen variation. */
  soldOut: ReadonlySet<string>;
  value: string | undefined;
  onChange(size: string): void;
  /** 'Size Guide' beside the heading (size-guide.tsx); its no-JS panel opens over the sizes. */
  guide?: ReactNode;
}) {
  return (
    <div className="relative flex flex-col gap-3">
      <div className="flex items-center justify-between gap-4">
        <p id="size-label" className="text-sm font-semibold">
          Select Size
        </p>
        {guide}
      </div>
      <div role="radiogroup" aria-labelledby="size-label" className="flex flex-wrap gap-2">
        {sizes.map((size) => {
          const gone = soldOut.has(size);
          return (
            <label key={size} className="relative">
              <input
                type="radio"
                name="size"
                value={size}
                checked={value === size}
                disabled={gone}
                aria-label={gone ? `${size}, sold out` : undefined}
                onChange={() => onChange(size)}
                className="peer absolute inset-0 z-10 size-full cursor-pointer appearance-none rounded-full opacity-0 disabled:cursor-not-allowed"
              />
              <span
                className={cn(
                  'flex h-11 min-w-14 cursor-pointer items-center justify-center rounded-full border px-4 text-sm font-semibold transition-colors select-none',
                  'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent',
                  gone
                    ? 'cursor-not-allowed border-dashed border-line bg-sand/60 text-muted line-through decoration-muted/70'
                    : value === size
                      ? 'border-ink bg-ink text-paper'
                      : 'border-line bg-white text-ink hover:border-ink/50',
                )}
              >
                {size}
              </span>
            </label>
          );
        })}
      </div>
    </div>
  );
}
