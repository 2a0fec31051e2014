import type { Variation } from '@habi/shared';
import { ProductImage } from '../../../components/ui/product-image.tsx';
import { cn } from '../../../lib/cn.ts';

/**
 * One thumbnail per variation (110 x 110 px), the chosen one outlined. A variation with none
 * left in any size stays choosable (its page says so), dimmed and named "..., sold out".
 */
export function VariationPicker({
  variations,
  soldOut,
  selected,
  onSelect,
}: {
  variations: Variation[];
  /** The indexes of the variations none are left of. */
  soldOut: ReadonlySet<number>;
  selected: number;
  onSelect(index: number): void;
}) {
  return (
    <fieldset>
      <legend className="mb-3 text-sm font-semibold">
        Variations <span className="font-normal text-muted">({variations.length})</span>
      </legend>
      <div className="flex flex-wrap gap-3">
        {variations.map((variation, index) => (
          <button
            key={variation.imageUrl + variation.name}
            type="button"
            aria-label={soldOut.has(index) ? `${variation.name}, sold out` : variation.name}
            aria-pressed={index === selected}
            onClick={() => onSelect(index)}
            className={cn(
              'size-[84px] overflow-hidden rounded-xl ring-offset-2 ring-offset-paper transition sm:size-[110px]',
              index === selected ? 'ring-2 ring-ink' : 'ring-1 ring-line hover:ring-ink/40',
            )}
          >
            <ProductImage
              src={variation.imageUrl}
              alt=""
              sizes="110px"
              className={cn('size-full', soldOut.has(index) && 'opacity-50')}
            />
          </button>
        ))}
      </div>
    </fieldset>
  );
}
