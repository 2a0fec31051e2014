import { SEARCH_TEXT_MAX } from '@habi/shared';
import { Search } from 'lucide-react';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../lib/paths.ts';
import { useHeaderSearch } from '../hooks/use-header-search.ts';
import { SuggestionsPopup } from './suggestion-list.tsx';

const MAX_LENGTH = SEARCH_TEXT_MAX;

/**
 * The header's product search. As the shopper types it suggests products and categories in a
 * popup the arrow keys move through (the box keeps focus and points at the highlighted option
 * with aria-activedescendant); Enter opens the highlighted option, or else the listing searching
 * the words typed. Escape closes the popup, then clears the box.
 */
export function HeaderSearch() {
  const search = useHeaderSearch();
  const { expanded, options, loading } = search;

  return (
    // Before the app starts, or without it, the form is the listing's search (a GET of ?q=).
    // biome-ignore lint/a11y/useSemanticElements: the form is the search landmark itself, as screen readers have long known it.
    <form
      role="search"
      action={paths.products}
      className="relative w-full"
      onBlur={search.onBlur}
      onSubmit={(event) => {
        event.preventDefault();
        search.submit();
      }}
    >
      <input
        ref={search.input}
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
        aria-controls={expanded && options.length > 0 ? search.listboxId : undefined}
        aria-activedescendant={search.activeId}
        value={search.text}
        onChange={(event) => search.onType(event.target.value)}
        onFocus={search.onOpen}
        onClick={search.onOpen}
        onKeyDown={search.onKeyDown}
        className="h-11 w-full rounded-full border border-line bg-white pr-12 pl-4 text-sm text-ink transition-colors placeholder:text-muted hover:border-ink/30 focus:border-ink [&::-webkit-search-cancel-button]:appearance-none"
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
        <SuggestionsPopup
          listboxId={search.listboxId}
          options={options}
          active={search.active}
          optionId={search.optionId}
          onHover={search.setActive}
          onChoose={search.choose}
          words={search.words}
          loading={loading}
          failed={search.failed}
        />
      )}
      <p role="status" className="sr-only">
        {search.announcement}
      </p>
    </form>
  );
}
