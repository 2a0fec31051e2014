import type { ReactNode } from 'react';

/** An information page: an eyebrow, the title and a lead, then its sections (as About Us reads). */
export function InfoPage({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow: string;
  title: string;
  lead: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-12 px-4 pt-10 sm:gap-16 sm:px-6 sm:pt-14 lg:px-8">
      <header className="flex max-w-3xl flex-col gap-5">
        <p className="text-xs font-bold tracking-[0.2em] text-accent uppercase">{eyebrow}</p>
        <h1 className="text-4xl leading-[1.08] font-semibold text-balance sm:text-5xl">{title}</h1>
        <div className="text-lg leading-relaxed text-ink-soft">{lead}</div>
      </header>
      {children}
    </div>
  );
}

/** One titled section: the title beside the text on wide screens, above it on a phone. */
export function InfoSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="grid gap-5 border-t border-line pt-8 sm:pt-10 lg:grid-cols-[16rem_1fr] lg:gap-16"
    >
      <h2
        id={id}
        className="text-2xl font-semibold text-balance sm:text-3xl lg:sticky lg:top-28 lg:self-start"
      >
        {title}
      </h2>
      <div className="flex max-w-2xl flex-col gap-4 leading-relaxed text-ink-soft [&_strong]:font-semibold [&_strong]:text-ink">
        {children}
      </div>
    </section>
  );
}

/** A link inside running text. */
export const textLink =
  'font-semibold text-accent underline decoration-accent/40 underline-offset-4 hover:decoration-accent';
