import { parseCollectionFilters } from '@habi/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type FocusEvent, type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { productQueryOptions } from '../../../lib/products.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useTypedBeforeStart } from '../../../lib/use-typed-before-start.ts';
import { useSuggestions } from '../api/get-suggestions.ts';
import {
  moveActive,
  SUGGEST_DELAY_MS,
  type SuggestionOption,
  searchUrl,
  suggestionOptions,
} from '../utils/suggestions.ts';

/**
 * The header search's state: the text typed, whether the popup is open, the suggestions asked
 * for once typing pauses and the option the arrow keys highlight, with the box's key handling.
 */
export function useHeaderSearch() {
  const location = useLocation();
  const navigate = useNavigate();
  const id = useId();
  const optionId = (index: number) => `${id}-option-${index}`;

  // On the listing the box shows the search in force; on other pages it starts empty.
  const searched =
    location.pathname === paths.products
      ? (parseCollectionFilters(new URLSearchParams(location.search)).q ?? '')
      : '';
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
  // Words typed before the app started get their suggestions at once.
  const input = useRef<HTMLInputElement>(null);
  useTypedBeforeStart(input, text, (typed, focused) => {
    setText(typed);
    setOpen(focused);
  });

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

  useHighlighted(activeId, activeOption);

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

  return {
    input,
    listboxId: `${id}-listbox`,
    optionId,
    text,
    words,
    options,
    active,
    activeId,
    expanded,
    loading,
    failed: query.isError,
    /** What a screen reader hears once suggestions arrive (the box cannot say it is expanded). */
    announcement: !expanded || loading ? '' : suggestionCount(options.length),
    setActive,
    choose,
    onKeyDown,
    onType(value: string) {
      setText(value);
      setOpen(true);
      setActive(-1);
    },
    onOpen: () => setOpen(true),
    // Focus leaving the search (a click elsewhere, Tab) closes the popup.
    onBlur(event: FocusEvent<HTMLFormElement>) {
      if (!event.currentTarget.contains(event.relatedTarget)) close();
    },
    submit() {
      close();
      void navigate(searchUrl(text));
    },
  };
}

/** Keeps the highlighted option in view, and starts loading a highlighted product's page. */
function useHighlighted(activeId: string | undefined, activeOption: SuggestionOption | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!activeId || !activeOption) return;
    document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
    if (activeOption.kind === 'product') {
      void queryClient.prefetchQuery(productQueryOptions(activeOption.product.id));
    }
  }, [activeId, activeOption, queryClient]);
}

function suggestionCount(count: number): string {
  if (count === 0) return 'No suggestions';
  return `${count} suggestion${count === 1 ? '' : 's'}. Use the up and down arrows to choose.`;
}
