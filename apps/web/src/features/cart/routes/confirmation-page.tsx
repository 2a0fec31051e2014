import { CircleCheck } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';

/** SPEC §2: the thank-you page after an order. */
export default function ConfirmationPage() {
  return (
    <main className="grid min-h-dvh place-items-center bg-paper px-6 text-center">
      <div className="flex max-w-lg flex-col items-center gap-5">
        <CircleCheck aria-hidden="true" className="size-16 text-success" strokeWidth={1.5} />
        <h1 className="text-4xl font-semibold">Thank you for purchasing.</h1>
        <p className="text-lg text-muted">Stay tune on our application for updates regarding your order(s).</p>
        <Link to={paths.home} className="mt-2 inline-flex h-12 items-center rounded-full bg-ink px-7 font-semibold text-paper hover:bg-ink-soft">
          Back to homepage
        </Link>
      </div>
    </main>
  );
}
