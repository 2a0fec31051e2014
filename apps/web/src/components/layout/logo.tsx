import { Link } from 'react-router';
import { cn } from '../../lib/cn.ts';

export const STORE_NAME = 'Habi';

/** The brand mark, 60 x 60, linking home. */
export function Logo({ className }: { className?: string }) {
  return (
    <Link to="/" className={cn('flex items-center gap-3', className)} aria-label={`${STORE_NAME} home`}>
      <svg viewBox="0 0 64 64" width="60" height="60" aria-hidden="true" className="size-[60px] shrink-0">
        <rect width="64" height="64" rx="16" fill="var(--color-ink)" />
        <path
          d="M21 17v30M43 17v30M21 32h22"
          stroke="var(--color-gold)"
          strokeWidth="6.5"
          strokeLinecap="round"
        />
      </svg>
      <span className="hidden font-display text-2xl font-semibold tracking-tight sm:inline">
        {STORE_NAME}
      </span>
    </Link>
  );
}
