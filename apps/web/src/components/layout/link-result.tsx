import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { Loading } from '../ui/spinner.tsx';

/** The centred card a mailed link opens on: a title, what happened, and where to go next. */
export function LinkResult({
  eyebrow,
  title,
  children,
}: {
  eyebrow: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-5 px-4 pt-16 text-center sm:pt-24">
      <p className="text-xs font-bold tracking-[0.2em] text-accent uppercase">{eyebrow}</p>
      <h1 className="text-4xl leading-tight font-semibold text-balance sm:text-5xl">{title}</h1>
      {children}
    </div>
  );
}

/** While the link's request runs. */
export function LinkPending({ label }: { label: string }) {
  return <Loading className="min-h-[50vh]" label={label} />;
}

export const leadClass = 'text-lg leading-relaxed text-ink-soft text-pretty';

/** The way on: shopping, by default. */
export function ShopLink({
  children = 'Shop now',
  to = paths.products,
}: {
  children?: ReactNode;
  to?: string;
}) {
  return (
    <Link
      to={to}
      className="mt-2 inline-flex h-12 items-center rounded-full bg-ink px-7 font-semibold text-paper hover:bg-ink-soft"
    >
      {children}
    </Link>
  );
}
