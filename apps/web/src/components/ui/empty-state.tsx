import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

/** An illustrated empty state: a drawn shopping bag, a message and an action. */
export function EmptyState({
  title,
  children,
  className,
}: {
  title: string;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('flex flex-col items-center gap-4 px-6 py-16 text-center', className)}>
      <svg viewBox="0 0 120 120" className="size-28" role="img" aria-label="An empty shopping bag">
        <circle cx="60" cy="60" r="56" fill="var(--color-sand)" />
        <path
          d="M34 46h52l-4 44a6 6 0 0 1-6 5H44a6 6 0 0 1-6-5z"
          fill="#fff"
          stroke="var(--color-ink)"
          strokeWidth="3"
          strokeLinejoin="round"
        />
        <path
          d="M48 52V40a12 12 0 0 1 24 0v12"
          fill="none"
          stroke="var(--color-accent)"
          strokeWidth="3.5"
          strokeLinecap="round"
        />
      </svg>
      <h2 className="text-2xl font-semibold">{title}</h2>
      {children}
    </div>
  );
}
