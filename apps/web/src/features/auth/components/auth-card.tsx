import type { ReactNode } from 'react';

/** The centred white card the sign-in and sign-up forms sit in. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
  footer: ReactNode;
}) {
  return (
    <div className="relative isolate px-4 py-12 sm:py-20">
      <div
        aria-hidden="true"
        className="absolute inset-x-0 top-0 -z-10 h-72 bg-linear-to-b from-sand to-transparent"
      />
      <section
        aria-labelledby="auth-title"
        className="mx-auto w-full max-w-md rounded-2xl border border-line bg-white p-6 shadow-[0_24px_60px_-32px_rgba(31,27,22,0.35)] sm:p-10"
      >
        <header className="mb-8 text-center">
          <h1 id="auth-title" className="text-4xl font-semibold">
            {title}
          </h1>
          <p className="mt-2 text-muted">{subtitle}</p>
        </header>
        {children}
        <div className="mt-8 border-t border-line pt-6 text-sm">{footer}</div>
      </section>
    </div>
  );
}
