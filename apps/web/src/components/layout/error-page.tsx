import { RotateCw, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { isReloading } from '../../lib/chunk-reload.ts';
import { paths } from '../../lib/paths.ts';
import { Button } from '../ui/button.tsx';
import { Loading } from '../ui/spinner.tsx';
import { useDocumentTitle } from './use-document-title.ts';

/**
 * What a shopper sees when a page throws or its code fails to load: a plain message, a
 * reload and a way home; never the error itself. The home link loads the document afresh,
 * so whatever broke in this one is left behind.
 */
function ErrorMessage() {
  useDocumentTitle('Something went wrong');
  return (
    <div className="flex max-w-md flex-col items-center gap-4 text-center">
      <span className="grid size-16 place-items-center rounded-full bg-accent/10 text-accent">
        <TriangleAlert aria-hidden="true" className="size-8" strokeWidth={2.25} />
      </span>
      <h1 className="text-3xl font-semibold text-balance sm:text-4xl">Something went wrong</h1>
      <p className="text-lg leading-relaxed text-muted">
        We couldn't load this page. Please try again, or head back to the home page.
      </p>
      <div className="mt-4 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <Button size="lg" onClick={() => window.location.reload()}>
          <RotateCw aria-hidden="true" className="size-4" />
          Try again
        </Button>
        <Button asChild size="lg" variant="secondary">
          <Link to={paths.home} reloadDocument>
            Go to Home
          </Link>
        </Button>
      </div>
    </div>
  );
}

/** The root route's error page, on its own (the back office, or the storefront's frame itself). */
export function ErrorPage() {
  if (isReloading()) return <Loading className="min-h-dvh" />;
  return (
    <main className="grid min-h-dvh place-items-center bg-paper px-6 py-10">
      <ErrorMessage />
    </main>
  );
}

/** A storefront page's error page, inside the storefront's header and footer. */
export function StorefrontErrorPage() {
  if (isReloading()) return <Loading />;
  return (
    <div className="grid place-items-center px-6 py-20 sm:py-28">
      <ErrorMessage />
    </div>
  );
}
