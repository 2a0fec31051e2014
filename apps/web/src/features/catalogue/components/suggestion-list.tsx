import { formatPHP } from '@habi/shared';
import { LayoutGrid, Search } from 'lucide-react';
import { ProductImage } from '../../../components/ui/product-image.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import type { SuggestionOption } from '../utils/suggestions.ts';

interface SuggestionsPopupProps {
  listboxId: string;
  options: SuggestionOption[];
  active: number;
  optionId(index: number): string;
  onHover(index: number): void;
  onChoose(option: SuggestionOption): void;
  /** The words typed, trimmed. */
  words: string;
  loading: boolean;
  failed: boolean;
}

/** The popup under the box: the suggestions (or why there are none), then "See all results". */
export function SuggestionsPopup({ listboxId, words, loading, failed, ...list }: SuggestionsPopupProps) {
  return (
    // The box keeps focus while the pointer picks an option.
    // biome-ignore lint/a11y/noStaticElementInteractions: the popup only keeps focus in the box; the options are chosen from the keyboard through the box.
    <div
      onMouseDown={(event) => event.preventDefault()}
      className="absolute inset-x-0 top-full z-50 mt-2 overflow-hidden rounded-2xl border border-line bg-white shadow-xl shadow-ink/10 lg:left-auto lg:w-[26rem]"
    >
      {list.options.length > 0 ? (
        <SuggestionList id={listboxId} {...list} />
      ) : (
        <p className="flex items-center gap-3 px-4 py-4 text-sm text-ink-soft">
          {loading ? (
            <>
              <Spinner className="size-4 text-muted" /> Searching...
            </>
          ) : failed ? (
            "Suggestions aren't available just now."
          ) : (
            <span>
              No matches for <span className="font-semibold text-ink">“{words}”</span>
            </span>
          )}
        </p>
      )}
      <button
        type="submit"
        className="flex min-h-11 w-full items-center gap-2 border-t border-line bg-sand/40 px-4 py-2.5 text-left text-sm font-semibold text-ink hover:bg-sand"
      >
        <Search aria-hidden="true" className="size-4 shrink-0 text-ink-soft" />
        <span className="truncate">See all results for “{words}”</span>
      </button>
    </div>
  );
}

interface SuggestionListProps {
  id: string;
  options: SuggestionOption[];
  active: number;
  optionId(index: number): string;
  onHover(index: number): void;
  onChoose(option: SuggestionOption): void;
}

/** The suggested products, then the suggested categories, as one listbox in two groups. */
function SuggestionList({ id, options, active, optionId, onHover, onChoose }: SuggestionListProps) {
  const groups = [
    { label: 'Products', kind: 'product' },
    { label: 'Categories', kind: 'category' },
  ] as const;
  return (
    <div
      id={id}
      role="listbox"
      aria-label="Suggestions"
      onMouseLeave={() => onHover(-1)}
      className="max-h-[min(32rem,calc(100dvh-11rem))] overflow-y-auto overscroll-contain py-2"
    >
      {groups.map(({ label, kind }) => {
        const indexes = options.flatMap((option, index) => (option.kind === kind ? [index] : []));
        if (indexes.length === 0) return null;
        return (
          // biome-ignore lint/a11y/useSemanticElements: a listbox groups its options with role group, not fieldsets.
          <div key={kind} role="group" aria-labelledby={`${id}-${kind}`}>
            <div
              id={`${id}-${kind}`}
              role="presentation"
              className="px-4 pt-2 pb-1 text-[11px] font-bold tracking-[0.16em] text-muted uppercase"
            >
              {label}
            </div>
            {indexes.map((index) => (
              <Option
                key={options[index]!.key}
                id={optionId(index)}
                option={options[index]!}
                active={index === active}
                onHover={() => onHover(index)}
                onChoose={onChoose}
              />
            ))}
          </div>
        );
      })}
    </div>
  );
}

function Option({
  id,
  option,
  active,
  onHover,
  onChoose,
}: {
  id: string;
  option: SuggestionOption;
  active: boolean;
  onHover(): void;
  onChoose(option: SuggestionOption): void;
}) {
  return (
    // Chosen from the keyboard through the search box (aria-activedescendant), by pointer here.
    // biome-ignore lint/a11y/useKeyWithClickEvents: the box handles the keys for every option.
    <div
      id={id}
      role="option"
      aria-selected={active}
      tabIndex={-1}
      onClick={() => onChoose(option)}
      onMouseMove={active ? undefined : onHover}
      className={cn(
        'mx-2 flex cursor-pointer items-center gap-3 rounded-xl px-2',
        option.kind === 'product' ? 'py-1.5' : 'min-h-11 py-2',
        active && 'bg-sand',
      )}
    >
      {option.kind === 'product' ? (
        <>
          <div aria-hidden="true" className="w-12 shrink-0">
            <ProductImage src={option.product.imageUrl} alt="" sizes="48px" className="rounded-lg" />
          </div>
          <span className="flex min-w-0 flex-1 flex-col">
            <span className="truncate text-sm font-medium text-ink">{option.product.name}</span>
            {option.product.category && (
              <span className="truncate text-xs text-muted">
                {[option.product.category, option.product.subCategory].filter(Boolean).join(' · ')}
              </span>
            )}
          </span>
          <span className="shrink-0 text-sm text-ink-soft tabular-nums">
            {formatPHP(option.product.price)}
          </span>
        </>
      ) : (
        <>
          <span className="grid size-8 shrink-0 place-items-center rounded-lg bg-sand text-ink-soft">
            <LayoutGrid aria-hidden="true" className="size-4" />
          </span>
          <span className="truncate text-sm font-medium text-ink">{option.label}</span>
        </>
      )}
    </div>
  );
}
