import { deliveryDateLabel, formatPHP, parseCentavos, TAX_PERCENT } from '@habi/shared';
import { colours } from './layout.tsx';

/** An ordered line as a mail shows it. */
export interface MailOrderLine {
  /** The product's name, or the line's own when the product has been deleted since. */
  product: string;
  /** The variation's name, '' when the product has none. */
  variation: string;
  size: string;
  quantity: number;
  /** Unit price, decimal text. */
  price: string;
  deliveryFee: string;
  /** "YYYY-MM-DD". */
  deliveryDate: string;
}

/** An order as its mails show it; amounts are decimal text as stored. */
export interface MailOrder {
  /** "#1A2B3C4D", as the customer's orders page names it. */
  reference: string;
  customerName: string;
  shippingAddress: string;
  paymentMethod: string;
  subtotal: string;
  /** The discount code's name and what it took off the items, when the order used one. */
  discount: { code: string; amount: string } | null;
  shippingFee: string;
  tax: string;
  total: string;
  itemCount: number;
}

const lineAmount = (line: MailOrderLine) =>
  formatPHP((parseCentavos(line.price) ?? 0) * line.quantity, 'centavos');
const feeText = (fee: string) => (parseCentavos(fee) === 0 ? 'FREE' : formatPHP(fee));

/** "Variation: Navy · Size: M · Qty: 2"; the variation only when it says more than the name. */
function lineDetails(line: MailOrderLine): string {
  const details = [
    line.variation && line.variation !== line.product ? `Variation: ${line.variation}` : '',
    line.size ? `Size: ${line.size}` : '',
    `Qty: ${line.quantity}`,
  ];
  return details.filter(Boolean).join(' · ');
}
const deliveryText = (line: MailOrderLine) =>
  `Delivery: ${feeText(line.deliveryFee)}, arriving ${deliveryDateLabel(line.deliveryDate)}`;

function totalRows(order: MailOrder): [label: string, amount: string][] {
  return [
    [`Items (${order.itemCount})`, formatPHP(order.subtotal)],
    ...(order.discount
      ? [[`Discount (${order.discount.code})`, `-${formatPHP(order.discount.amount)}`] as [string, string]]
      : []),
    ['Shipping & handling', feeText(order.shippingFee)],
    [`Tax (${TAX_PERCENT}%)`, formatPHP(order.tax)],
  ];
}

const cell = { padding: '12px 0', borderBottom: `1px solid ${colours.line}`, verticalAlign: 'top' } as const;

export function OrderLines({ lines }: { lines: MailOrderLine[] }) {
  return (
    <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ margin: '8px 0 16px' }}>
      <tbody>
        {lines.map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a mail's lines never reorder.
          <tr key={i}>
            <td style={cell}>
              <div style={{ fontWeight: 600 }}>{line.product}</div>
              <div style={{ fontSize: 13, color: colours.inkSoft }}>{lineDetails(line)}</div>
              <div style={{ fontSize: 13, color: colours.muted }}>{deliveryText(line)}</div>
            </td>
            <td align="right" style={{ ...cell, whiteSpace: 'nowrap', paddingLeft: 12 }}>
              <div style={{ fontWeight: 600 }}>{lineAmount(line)}</div>
              <div style={{ fontSize: 13, color: colours.muted }}>
                {line.quantity} × {formatPHP(line.price)}
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function OrderTotals({ order }: { order: MailOrder }) {
  return (
    <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ margin: '0 0 16px' }}>
      <tbody>
        {totalRows(order).map(([label, amount]) => (
          <tr key={label}>
            <td style={{ padding: '2px 0', color: colours.inkSoft }}>{label}</td>
            <td align="right" style={{ padding: '2px 0' }}>
              {amount}
            </td>
          </tr>
        ))}
        <tr>
          <td style={{ paddingTop: 8, fontWeight: 700, fontSize: 17 }}>Order total</td>
          <td align="right" style={{ paddingTop: 8, fontWeight: 700, fontSize: 17, color: colours.accent }}>
            {formatPHP(order.total)}
          </td>
        </tr>
      </tbody>
    </table>
  );
}

/** The lines as plain text, one block each. */
export function linesText(lines: MailOrderLine[]): string {
  return lines
    .map(
      (line) =>
        `- ${line.product}\n  ${lineDetails(line)}\n  ${line.quantity} × ${formatPHP(line.price)} = ${lineAmount(line)}\n  ${deliveryText(line)}`,
    )
    .join('\n');
}

export function totalsText(order: MailOrder): string {
  return [...totalRows(order), ['Order total', formatPHP(order.total)]]
    .map(([label, amount]) => `${label}: ${amount}`)
    .join('\n');
}
