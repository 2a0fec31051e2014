import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';
import { Spinner } from './spinner.tsx';

const variants = {
  primary: 'bg-ink text-paper hover:bg-ink-soft disabled:bg-ink/50',
  accent: 'bg-accent text-white hover:bg-accent-dark disabled:bg-accent/50',
  secondary: 'border border-line bg-white text-ink hover:bg-sand disabled:text-muted',
  ghost: 'text-ink hover:bg-sand disabled:text-muted',
  danger: 'bg-danger text-white hover:bg-danger/90 disabled:bg-danger/50',
} as const;

const sizes = {
  sm: 'h-9 px-3 text-sm',
  md: 'h-11 px-5 text-sm',
  lg: 'h-12 px-7 text-base',
  icon: 'size-11',
} as const;

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  /** Renders the child (a link) with the button's looks. */
  asChild?: boolean;
  /** A save under way: disabled, and reading 'Loading...' with a spinner in place of its label. */
  pending?: boolean;
}

export function Button({
  variant = 'primary',
  size = 'md',
  asChild,
  pending = false,
  className,
  type,
  disabled,
  children,
  ...props
}: ButtonProps) {
  const Component = asChild ? Slot.Root : 'button';
  return (
    <Component
      type={asChild ? undefined : (type ?? 'button')}
      className={cn(
        'inline-flex shrink-0 items-center justify-center gap-2 rounded-full font-semibold transition-colors disabled:cursor-not-allowed',
        variants[variant],
        sizes[size],
        className,
      )}
      disabled={disabled || pending || undefined}
      {...props}
    >
      {pending && !asChild ? (
        <>
          <Spinner className={size === 'lg' ? undefined : 'size-4'} />
          Loading...
        </>
      ) : (
        children
      )}
    </Component>
  );
}
