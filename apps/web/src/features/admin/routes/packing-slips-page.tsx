import { formatDayMonthYear, formatPHP, orderReference, type PackingSlip, parseCentavos } from '@habi/shared';
import { ArrowLeft, Printer } from 'lucide-react';
import { Navigate, useSearchParams } from 'react-router';
import { STORE_NAME } from '../../../components/layout/logo.tsx';
import { useDocumentTitle } from '../../../components/layout/use-document-title.ts';
import { AddressPartsList } from '../../../components/ui/address-parts.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Loading } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { paths } from '../../../lib/paths.ts';
import { useAdminAuth } from '../../../lib/session.ts';
import { usePackingSlips } from '../api/get-packing-slips.ts';
import { useGoBack } from '../hooks/use-go-back.ts';

const PAPERS = {
  a4: { label: 'A4 sheet', page: 'size: A4; margin: 12mm;' },
  label: { label: '4 × 6 in label', page: 'size: 4in 6in; margin: 4mm;' },
} as const;
type Paper = keyof typeof PAPERS;

const METHOD_WORDS = {
  cod: 'Cash on delivery',
  transfer: 'Bank or e-wallet transfer',
  online: 'Paid online',
};

/**
 * Packing slips (/admin/orders/packing_slips?oid=…&oid=…): one printable slip per order, for
 * an A4 sheet or a 4×6 in shipping label (the page's `@page` size follows the choice, kept in
 * the URL). The toolbar is the screen's only: the printout has no navigation and no buttons.
 * It stands outside the back office's layout, so it guards itself.
 */
export default function PackingSlipsPage() {
  useDocumentTitle('Packing slips');
  const { admin, isLoading } = useAdminAuth();
  const [search, setSearch] = useSearchParams();
  const orderIds = search.getAll('oid').filter(Boolean);
  const paper: Paper = search.get('paper') === 'label' ? 'label' : 'a4';
  const slips = usePackingSlips(admin ? orderIds : []);
  const goBack = useGoBack(
    orderIds.length === 1 ? paths.admin.manageOrder(orderIds[0]!) : paths.admin.orders,
  );

  if (isLoading) return <Loading className="min-h-dvh" />;
  if (!admin) return <Navigate to={paths.admin.auth} replace />;

  const choosePaper = (next: Paper) =>
    setSearch(
      (params) => {
        params.set('paper', next);
        return params;
      },
      { replace: true },
    );

  return (
    <div className={cn('packing-slips min-h-dvh bg-paper print:bg-white', `paper-${paper}`)}>
      <style>{`@page { ${PAPERS[paper].page} }`}</style>
      <header className="sticky top-0 z-10 border-b border-line bg-white print:hidden">
        <div className="mx-auto flex max-w-3xl flex-wrap items-center gap-3 px-4 py-3">
          <Button variant="ghost" size="sm" onClick={goBack}>
            <ArrowLeft aria-hidden="true" className="size-4" /> Back
          </Button>
          <h1 className="mr-auto text-lg font-semibold">
            Packing slips{slips.data ? ` (${slips.data.slips.length})` : ''}
          </h1>
          <fieldset className="flex items-center gap-1 rounded-full border border-line p-1 text-sm">
            <legend className="sr-only">Paper</legend>
            {(Object.keys(PAPERS) as Paper[]).map((key) => (
              <label
                key={key}
                className="cursor-pointer rounded-full px-3 py-1.5 has-checked:bg-ink has-checked:text-paper has-focus-visible:outline-2 has-focus-visible:outline-accent"
              >
                <input
                  type="radio"
                  name="paper"
                  value={key}
                  checked={paper === key}
                  onChange={() => choosePaper(key)}
                  className="sr-only"
                />
                {PAPERS[key].label}
              </label>
            ))}
          </fieldset>
          <Button size="sm" onClick={() => window.print()} disabled={!slips.data}>
            <Printer aria-hidden="true" className="size-4" /> Print
          </Button>
        </div>
      </header>
      <main className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-6 print:max-w-none print:gap-0 print:p-0">
        {orderIds.length === 0 ? (
          <p role="alert" className="rounded-2xl border border-line bg-white p-8 text-center text-muted">
            Choose orders on the Orders list to print their packing slips.
          </p>
        ) : slips.isError ? (
          <p role="alert" className="rounded-2xl border border-line bg-white p-8 text-center text-muted">
            {errorMessage(slips.error)}
          </p>
        ) : slips.data ? (
          slips.data.slips.map((slip) => <Slip key={slip.orderId} slip={slip} paper={paper} />)
        ) : (
          <Loading />
        )}
      </main>
    </div>
  );
}

function Slip({ slip, paper }: { slip: PackingSlip; paper: Paper }) {
  const reference = orderReference(slip.orderId);
  const collect = parseCentavos(slip.collect) ?? 0;
  const label = paper === 'label';
  return (
    <article
      aria-label={`Packing slip for order ${reference}`}
      className={cn(
        'slip mx-auto w-full not-last:break-after-page rounded-2xl border border-line bg-white text-ink shadow-sm print:rounded-none print:border-0 print:shadow-none',
        label ? 'max-w-[4in] p-4 text-[11px] leading-snug' : 'p-8 text-sm',
      )}
    >
      <header className="flex items-start justify-between gap-4 border-b-2 border-ink pb-3">
        <div>
          <span className={cn('block font-display font-semibold', label ? 'text-base' : 'text-2xl')}>
            {STORE_NAME}
          </span>
          <span className="block text-xs tracking-wide uppercase">Packing slip</span>
        </div>
        <div className="text-right">
          <h2 className={cn('font-mono font-bold', label ? 'text-base' : 'text-xl')}>{reference}</h2>
          <p>Ordered {formatDayMonthYear(slip.createdAt)}</p>
        </div>
      </header>
      <section aria-label="Ship to" className="border-b border-line py-3">
        <h3 className="text-xs font-semibold tracking-wide uppercase">Ship to</h3>
        {slip.shippingAddressParts ? (
          // A structured address: its recipient and mobile, each part as a courier's form asks.
          <AddressPartsList parts={slip.shippingAddressParts} className="mt-1" />
        ) : (
          <>
            <p className={cn('mt-1 font-bold', label ? 'text-sm' : 'text-base')}>{slip.customerName}</p>
            <p className="tabular-nums">{slip.contactNumber ?? 'No phone on file'}</p>
            <p className="whitespace-pre-line">{slip.shippingAddress}</p>
          </>
        )}
      </section>
      <table className="mt-3 w-full text-left">
        <caption className="sr-only">Items in order {reference}</caption>
        <thead className="border-b border-ink text-xs uppercase">
          <tr>
            <th scope="col" className="py-1 pr-2">
              Item
            </th>
            <th scope="col" className="py-1 pr-2">
              Variation
            </th>
            <th scope="col" className="py-1 pr-2">
              Size
            </th>
            <th scope="col" className="py-1 text-right">
              Qty
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {slip.items.map((item, index) => (
            // Two lines may be the same item, variation and size at other delivery dates.
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines never reorder.
            <tr key={index}>
              <td className="py-1 pr-2 font-semibold">
                {item.name}
                {item.shipped && <span className="ml-1 font-normal">(shipped)</span>}
                {item.sku && <span className="block font-mono text-xs font-normal">SKU {item.sku}</span>}
              </td>
              <td className="py-1 pr-2">{item.variation || '—'}</td>
              <td className="py-1 pr-2">{item.size || '—'}</td>
              <td className="py-1 text-right font-bold tabular-nums">{item.quantity}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <footer className="mt-4 flex items-center justify-between gap-3 rounded-lg border-2 border-ink px-3 py-2">
        <span>{METHOD_WORDS[slip.paymentMethod]}</span>
        <span className={cn('font-bold tabular-nums', label ? 'text-sm' : 'text-lg')}>
          {collect > 0 ? `Collect ${formatPHP(collect, 'centavos')}` : 'Nothing to collect'}
        </span>
      </footer>
    </article>
  );
}
