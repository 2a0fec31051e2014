import { Search, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';

interface SearchBoxProps {
  /** The placeholder, which is also the accessible name ('Filter product name...'). */
  label: string;
  /** The search in force (from the URL). */
  value: string;
  /** Called once typing pauses. */
  onSearch: (value: string) => void;
}

/** A table's search box: debounced, so the server is asked once typing pauses. */
export function SearchBox({ label, value, onSearch }: SearchBoxProps) {
  const [text, setText] = useState(value);
  const debounced = useDebouncedValue(text, 300);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a pause in typing searches; the URL catching up must not.
  useEffect(() => {
    if (debounced.trim() !== value) onSearch(debounced);
  }, [debounced]);

  return (
    <div className="relative w-full sm:max-w-xs">
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted"
      />
      <input
        type="search"
        aria-label={label}
        placeholder={label}
        value={text}
        onChange={(event) => setText(event.target.value)}
        className="h-10 w-full rounded-lg border border-line bg-white pr-9 pl-9 text-sm text-ink placeholder:text-muted focus:border-ink focus:outline-none [&::-webkit-search-cancel-button]:appearance-none"
      />
      {text && (
        <button
          type="button"
          aria-label="Clear search"
          onClick={() => {
            setText('');
            onSearch('');
          }}
          className="absolute top-1/2 right-1.5 grid size-7 -translate-y-1/2 place-items-center rounded-md text-muted hover:bg-sand hover:text-ink"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      )}
    </div>
  );
}
