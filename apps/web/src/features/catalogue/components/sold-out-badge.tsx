import { stockLeftMessage } from '@habi/shared';
import { cn } from '../../../lib/cn.ts';

/** "Sold out": a product that tracks stock and has none left in any variation or size. */
export function SoldOutBadge({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex h-7 items-center rounded-full bg-ink px-3 text-xs font-bold tracking-wide text-paper uppercase',
        className,
      )}
    >
      {stockLeftMessage(0)}
    </span>
  );
}
