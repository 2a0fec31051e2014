import { ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Logo } from '../../../components/layout/logo.tsx';
import { cn } from '../../../lib/cn.ts';

/**
 * A back-office page that stands alone (signing in, accepting an invite): the logo over a card
 * marked "Back office", centred on the page; `before` sits in the page's corner (a way back).
 */
export function BackOfficeCard({ before, children }: { before?: ReactNode; children: ReactNode }) {
  return (
    <main className={cn('grid min-h-dvh place-items-center bg-paper px-4 py-16', before && 'relative')}>
      {before}
      <div className="w-full max-w-md">
        <div className="mb-6 flex justify-center">
          <Logo />
        </div>
        <section className="rounded-2xl border border-line bg-white p-6 shadow-[0_1px_2px_rgb(31_27_22/0.04)] sm:p-8">
          <p className="inline-flex items-center gap-1.5 rounded-full bg-sand px-2.5 py-1 text-xs font-semibold tracking-wide text-ink-soft uppercase">
            <ShieldCheck aria-hidden="true" className="size-3.5" />
            Back office
          </p>
          {children}
        </section>
      </div>
    </main>
  );
}
