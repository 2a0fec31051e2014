import { formatPHP, SEARCH_TEXT_MAX } from '@habi/shared';
import { useQueryClient } from '@tanstack/react-query';
import { LayoutGrid, Search } from 'lucide-react';
import { type FocusEvent, type KeyboardEvent, useEffect, useId, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ProductImage } from '../../../components/ui/product-image.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { paths } from '../../../lib/paths.ts';
import { productQueryOptions } from '../../../lib/products.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useSuggestions } from '../api/get-suggestions.ts';
import { parseFilters } from '../utils/filters.ts';
import {
  moveActive,
  SUGGEST_DELAY_MS,
  type SuggestionOption,
  searchUrl,
  suggestionOptions,
} from '../utils/suggestions.ts';

const MAX_LENGTH = SEARCH_TEXT_MAX;

/**
 * The header's product search. As the shopper types it suggests products and categories in a
 * popup the arrow keys move through (the box keeps focus and points at the highlighted option
 * with aria-activedescendant); Enter opens the highlighted option, or else the listing searching
 * the words typed. Escape closes the popup, then clears the box.
 */
export function HeaderSearch() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = useId();
  const listboxId = `${id}-listbox`;
  const optionId = (index: number) => `${id}-option-${index}`;

  // On the listing the box shows the search in force; on other pages it starts empty.
  const searched =
    location.pathname === paths.products ? (parseFilters(new URLSearchParams(location.search)).q ?? '') : '';
  const [text, setText] = useState(searched);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [shownOn, setShownOn] = useState(location.key);
  if (shownOn !== location.key) {
    setShownOn(location.key);
    setText(searched);
    setOpen(false);
    setActive(-1);
  }

  const words = text.trim();
  const term = useDebouncedValue(words, SUGGEST_DELAY_MS);
  const query = useSuggestions(term);
  const options = useMemo(() => (query.data ? suggestionOptions(query.data) : []), [query.data]);
  const [optionsOf, setOptionsOf] = useState(query.data);
  if (optionsOf !== query.data) {
    setOptionsOf(query.data);
    setActive(-1);
  }
  const expanded = open && words !== '';
  const loading = words !== '' && (term !== words || query.isFetching);
  const activeOption = expanded ? options[active] : undefined;
  const activeId = activeOption ? optionId(active) : undefined;

  // Keep the highlighted option in view, and start loading a highlighted product's page.
  useEffect(() => {
    if (!activeId || !activeOption) return;
    document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
    if (activeOption.kind === 'product') {
      void queryClient.prefetchQuery(productQueryOptions(activeOption.product.id));
    }
  }, [activeId, activeOption, queryClient]);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const choose = (option: SuggestionOption) => {
    close();
    void navigate(option.url);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (words === '') return;
      event.preventDefault();
      if (!expanded) setOpen(true);
      else setActive(moveActive(active, event.key === 'ArrowDown' ? 1 : -1, options.length));
    } else if (event.key === 'Enter' && activeOption) {
      event.preventDefault();
      choose(activeOption);
    } else if (event.key === 'Escape') {
      // Handled here, so the header does not also close the phone's search row.
      if (expanded) {
        event.preventDefault();
        close();
      } else if (text !== '') {
        event.preventDefault();
        setText('');
      }
    }
  };

  // Focus leaving the search (a click elsewhere, Tab) closes the popup.
  const onBlur = (event: FocusEvent<HTMLFormElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) close();
  };

  const announcement = !expanded || loading ? '' : suggestionCount(options.length);

  return (
    // biome-ignore lint/a11y/useSemanticElements: the form is the search landmark itself, as screen readers have long known it.
    <form
      role="search"
      className="relative w-full"
      onBlur={onBlur}
      onSubmit={(event) => {
        event.preventDefault();
        close();
        void navigate(searchUrl(text));
      }}
    >
      <input
        type="search"
        name="q"
        aria-label="Search products"
        placeholder="Search products"
        autoComplete="off"
        enterKeyHint="search"
        spellCheck={false}
        maxLength={MAX_LENGTH}
        aria-autocomplete="list"
        aria-haspopup="listbox"
        aria-controls={expanded && options.length > 0 ? listboxId : undefined}
        aria-activedescendant={activeId}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onKeyDown={onKeyDown}
        className="h-11 w-full rounded-full border border-line bg-white pr-12 pl-4 text-sm text-ink transition-colors placeholder:text-muted hover:border-ink/30 focus:border-ink focus:outline-none [&::-webkit-search-cancel-button]:appearance-none"
      />
      <button
        type="submit"
        aria-label="Search"
        className="absolute top-0 right-0 grid size-11 place-items-center rounded-full text-ink-soft hover:text-ink"
      >
        {loading ? (
          <Spinner className="size-[18px]" />
        ) : (
          <Search aria-hidden="true" className="size-[18px]" />
        )}
      </button>

      {expanded && (
        // The box keeps focus while the pointer picks an option.
        // biome-ignore lint/a11y/noStaticElementInteractions: the popup only keeps focus in the box; the options are chosen from the keyboard through the box.
        <div
          onMouseDown={(event) => event.preventDefault()}
          className="absolute inset-x-0 top-full z-50 mt-2 overflow-hidden rounded-2xl border border-line bg-white shadow-xl shadow-ink/10 lg:left-auto lg:w-[26rem]"
        >
          {options.length > 0 ? (
            <SuggestionList
              id={listboxId}
              options={options}
              active={active}
              optionId={optionId}
              onHover={setActive}
              onChoose={choose}
            />
          ) : (
            <p className="flex items-center gap-3 px-4 py-4 text-sm text-ink-soft">
              {loading ? (
                <>
                  <Spinner className="size-4 text-muted" /> Searching...
                </>
              ) : query.isError ? (
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
      )}
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </form>
  );
}

/** What a screen reader hears once suggestions arrive (the box itself cannot say it is expanded). */
function suggestionCount(count: number): string {
  if (count === 0) return 'No suggestions';
  return `${count} suggestion${count === 1 ? '' : 's'}. Use the up and down arrows to choose.`;
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
