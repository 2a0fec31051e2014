import { Link } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { useDocumentTitle } from './use-document-title.ts';

/** The 404 page, for any unknown path of the storefront or the back office. */
export function NotFound() {
  useDocumentTitle('Not Found');
  return (
    <main className="grid min-h-dvh place-items-center bg-paper px-6 text-center">
      <div className="flex max-w-md flex-col items-center gap-4">
        {/* Decoration: the heading says it. */}
        <div aria-hidden="true" className="font-display text-8xl font-semibold text-accent">
          404
        </div>
        <h1 className="text-4xl font-semibold">Not Found!</h1>
        <p className="text-lg text-muted">I think you went to non-existing page.</p>
        <Link
          to={paths.home}
          className="mt-4 inline-flex h-12 items-center rounded-full bg-ink px-7 font-semibold text-paper hover:bg-ink-soft"
        >
          Go to Home
        </Link>
      </div>
    </main>
  );
}
