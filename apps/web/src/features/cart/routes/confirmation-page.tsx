import { PAGE_HEADS } from '@habi/shared';
import { Check } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Logo } from '../../../components/layout/logo.tsx';
import { useDocumentTitle } from '../../../components/layout/use-document-title.ts';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../lib/paths.ts';
import { PlacedOrder } from '../components/placed-order.tsx';

/**
 * The thank-you page after an order, outside the storefront layout. With `?order=` (and
 * `&payment=cancelled` back from PayMongo's cancel link) its owner also sees the order and how
 * to pay for it.
 */
export default function ConfirmationPage() {
  useDocumentTitle(PAGE_HEADS['/confirmation'].title);
  const [params] = useSearchParams();
  const orderId = params.get('order');
  return (
    <main className="flex min-h-dvh flex-col items-center bg-paper px-4 py-10 sm:px-6">
      <Logo />
      <div className="flex w-full flex-1 flex-col items-center justify-center gap-6 py-10">
        <div className="flex w-full max-w-xl flex-col items-center gap-5 rounded-2xl border border-line bg-white px-6 py-12 text-center sm:px-12">
          <span className="grid size-16 place-items-center rounded-full bg-success/10 text-success">
            <Check aria-hidden="true" className="size-8" strokeWidth={2.5} />
          </span>
          <h1 className="text-3xl font-semibold sm:text-4xl">Thank you for purchasing.</h1>
          <p className="text-base leading-relaxed text-muted sm:text-lg">
            Stay tune on our application for updates regarding your order(s).
          </p>
          <div className="mt-3 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <Button asChild size="lg">
              <Link to={paths.home}>Back to homepage</Link>
            </Button>
            <Button asChild size="lg" variant="secondary">
              <Link to={paths.user}>View my orders</Link>
            </Button>
          </div>
        </div>
        {orderId && (
          <PlacedOrder orderId={orderId} paymentCancelled={params.get('payment') === 'cancelled'} />
        )}
      </div>
    </main>
  );
}
