import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../lib/cn.ts';

/**
 * Copies `text` to the clipboard and says so (on screen and to screen readers). Where copying is
 * not allowed, `onRefused` may select the text for the reader to copy by hand.
 */
export function CopyButton({
  text,
  what,
  onRefused,
  className,
}: {
  text: string;
  /** What is copied, for screen readers: "tracking number". */
  what: string;
  onRefused?(): void;
  className?: string;
}) {
  const [copied, setCopied] = useState(false);
  const done = `${what[0]!.toUpperCase()}${what.slice(1)} copied`;
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      onRefused?.();
    }
  }
  return (
    <>
      <button
        type="button"
        onClick={copy}
        aria-label={copied ? done : `Copy ${what}`}
        className={cn(
          'inline-flex h-9 shrink-0 items-center gap-1.5 rounded-full bg-sand px-3 text-sm font-semibold text-ink hover:bg-line',
          className,
        )}
      >
        {copied ? (
          <Check aria-hidden="true" className="size-4" />
        ) : (
          <Copy aria-hidden="true" className="size-4" />
        )}
        {copied ? 'Copied' : 'Copy'}
      </button>
      <span aria-live="polite" className="sr-only">
        {copied ? done : ''}
      </span>
    </>
  );
}
