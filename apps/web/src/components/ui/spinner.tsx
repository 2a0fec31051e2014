import { LoaderCircle } from 'lucide-react';
import { cn } from '../../lib/cn.ts';

export function Spinner({ className }: { className?: string }) {
  return <LoaderCircle aria-hidden="true" className={cn('size-5 animate-spin', className)} />;
}

/** The 'Loading...' state: a spinner and the words, announced to screen readers. */
export function Loading({ className, label = 'Loading...' }: { className?: string; label?: string }) {
  return (
    <div role="status" className={cn('flex items-center justify-center gap-3 py-16 text-muted', className)}>
      <Spinner />
      <span>{label}</span>
    </div>
  );
}
