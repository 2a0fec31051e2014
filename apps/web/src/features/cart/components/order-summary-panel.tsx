import { formatPHP, type OrderSummary, TAX_PERCENT } from '@habi/shared';
import { CircleAlert, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';

const peso = (centavos: number) => formatPHP(centavos, 'centavos');

function Row({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="flex items-baseline justify-between gap-4">
      <dt className="text-muted">{label}</dt>
      <dd className="font-semibold tabular-nums text-ink" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

interface OrderSummaryPanelProps {
  /** null when a line's price cannot be read (a damaged saved cart). */
  summary: OrderSummary | null;
  pending: boolean;
  onPlaceOrder(): void;
  /** A message under the button: why the last attempt could not go ahead. */
  problem?: string;
  /** Names the discount line: the code the summary's discount comes from. */
  discountCode?: string;
  /** The discount code field, under the heading. */
  codeField?: ReactNode;
  /** The payment choice, above the button. */
  paymentField?: ReactNode;
  /** False while no payment method can be had: the button is disabled. */
  payable?: boolean;
  className?: string;
  children?: ReactNode;
}

/** The order summary arithmetic and the 'Place your order' button. */
export function OrderSummaryPanel({
  summary,
  pending,
  onPlaceOrder,
  problem,
  discountCode,
  codeField,
  paymentField,
  payable = true,
  className,
  children,
}: OrderSummaryPanelProps) {
  return (
    <section aria-labelledby="order-summary-heading" className={className}>
      <div className="rounded-2xl border border-line bg-white p-5 sm:p-6">
        <h2 id="order-summary-heading" className="text-xl font-semibold">
          Order Summary
        </h2>
        {codeField}
        {summary ? (
          <>
            <dl className="mt-5 flex flex-col gap-3 text-sm">
              <Row
                label={`Items (${summary.itemCount}):`}
                value={peso(summary.subtotal)}
                testId="summary-items"
              />
              {summary.discount > 0 && (
                <Row
                  label={`Discount (${discountCode}):`}
                  value={`−${peso(summary.discount)}`}
                  testId="summary-discount"
                />
              )}
              <Row
                label="Shipping & handling:"
                value={summary.shipping === 0 ? 'FREE' : peso(summary.shipping)}
                testId="summary-shipping"
              />
              <div className="border-t border-line" />
              <Row
                label="Total before tax:"
                value={peso(summary.totalBeforeTax)}
                testId="summary-before-tax"
              />
              <Row
                label={`Estimated tax (${TAX_PERCENT}%):`}
                value={peso(summary.tax)}
                testId="summary-tax"
              />
            </dl>
            <dl className="mt-4 border-t border-line pt-4">
              <div className="flex items-baseline justify-between gap-4">
                <dt className="font-display text-lg font-semibold">Order total:</dt>
                <dd
                  className="font-display text-2xl font-semibold tabular-nums text-accent-dark"
                  data-testid="summary-total"
                  aria-live="polite"
                >
                  {peso(summary.total)}
                </dd>
              </div>
            </dl>
          </>
        ) : (
          <p role="alert" className="mt-4 text-sm text-danger">
            A price in your cart could not be read. Please delete that item and add it again.
          </p>
        )}
        {paymentField}

        <Button
          variant="primary"
          size="lg"
          className="mt-6 w-full"
          disabled={pending || !summary || !payable}
          onClick={onPlaceOrder}
        >
          {pending && <Spinner className="size-4" />}
          {pending ? 'Loading...' : 'Place your order'}
        </Button>
        <div aria-live="polite">
          {problem && (
            <p className="mt-3 flex items-start gap-2 text-sm text-danger">
              <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {problem}
            </p>
          )}
        </div>
        <p className="mt-4 flex items-start gap-2 text-xs leading-relaxed text-muted">
          <ShieldCheck aria-hidden="true" className="size-4 shrink-0 text-success" />
          Prices and totals are confirmed by our store when you place your order.
        </p>
        {children}
      </div>
    </section>
  );
}
