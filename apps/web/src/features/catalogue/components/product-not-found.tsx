import { PackageSearch } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../lib/paths.ts';

/** An unknown, removed or mistyped product id. */
export function ProductNotFound() {
  return (
    <div className="flex flex-col items-center gap-4 py-20 text-center">
      <span className="grid size-20 place-items-center rounded-full bg-sand text-accent">
        <PackageSearch aria-hidden="true" className="size-9" />
      </span>
      <h1 className="text-3xl font-semibold sm:text-4xl">Product not found</h1>
      <p className="max-w-md text-muted">
        This product doesn't exist or is no longer available. The rest of the collection is waiting for you.
      </p>
      <Button asChild size="lg" className="mt-2">
        <Link to={paths.products}>Browse the collection</Link>
      </Button>
    </div>
  );
}
