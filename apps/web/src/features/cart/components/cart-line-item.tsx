import { formatPHP, quantityLimit, shortStockMessage } from '@habi/shared';
import { CircleAlert, Trash2, Truck } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ProductImage } from '../../../components/ui/product-image.tsx';
import { QuantityStepper } from '../../../components/ui/quantity-stepper.tsx';
import { type CartLine, removeFromCart, setQuantity } from '../../../lib/cart-store.ts';
import { paths } from '../../../lib/paths.ts';
import { DeliveryOptions, deliveryLabelFor } from './delivery-options.tsx';

const textButton =
  'inline-flex h-9 items-center gap-1.5 rounded-full px-3 text-sm font-semibold transition-colors hover:bg-sand';

interface CartLineItemProps {
  line: CartLine;
  /** The line's photo as its product shows it now (the one it was added with until then). */
  photo?: string;
  /** Why the server refused this line on the last attempt, if it did. */
  notice?: string;
  /** Units left of this line's variation and size, when its product tracks stock. */
  left?: number;
  /** Its product no longer sells this variation (removed in the back office). */
  gone?: boolean;
  /** Called after the line is deleted, for focus to land somewhere sensible. */
  onRemoved(): void;
}

/**
 * One cart line: delivery date, image, name, size, price, quantity, Delete, delivery options.
 * A line asking for more than is left says so ("Only N left", "Sold out") until it fits; its
 * quantity is never changed for the shopper.
 */
export function CartLineItem({ line, photo, notice, left, gone = false, onRemoved }: CartLineItemProps) {
  const short = gone ? null : shortStockMessage(left ?? null, line.quantity);

  return (
    <li className="rounded-2xl border border-line bg-white p-4 sm:p-6">
      <h3 className="flex flex-wrap items-center gap-x-2 font-sans text-sm font-bold text-ink sm:text-base">
        <Truck aria-hidden="true" className="size-5 shrink-0 text-success" />
        <span>
          Delivery date: <span className="text-success">{deliveryLabelFor(line.deliveryOption.fee)}</span>
        </span>
      </h3>

      <div className="mt-4 grid grid-cols-[5.5rem_minmax(0,1fr)] gap-x-4 gap-y-4 sm:grid-cols-[7rem_minmax(0,1fr)] md:grid-cols-[8rem_minmax(0,1fr)_minmax(0,15rem)] md:grid-rows-[auto_1fr] md:gap-x-6">
        <Link to={paths.product(line.productId)} tabIndex={-1} aria-hidden="true" className="md:row-span-2">
          <ProductImage src={photo ?? line.imageUrl} alt="" sizes="128px" className="rounded-xl" />
        </Link>

        <div className="flex min-w-0 flex-col gap-1">
          <Link
            to={paths.product(line.productId)}
            className="line-clamp-2 font-semibold text-ink underline-offset-4 hover:underline"
          >
            {line.name}
          </Link>
          {line.size && (
            <p className="text-sm text-muted">
              Size: <span className="font-semibold text-ink">{line.size}</span>
            </p>
          )}
          <p className="mt-1 text-base font-bold tabular-nums text-ink">{formatPHP(line.price)}</p>
        </div>

        <LineQuantity line={line} left={left} onRemoved={onRemoved} />

        <DeliveryOptions
          line={line}
          className="col-span-2 border-t border-line pt-4 md:col-span-1 md:col-start-3 md:row-span-2 md:row-start-1 md:border-t-0 md:border-l md:pt-0 md:pl-6"
        />

        {short && (
          <LineAlert>
            <span>
              <span className="font-semibold">{short}.</span>{' '}
              {left
                ? `Lower the quantity to ${left} or delete this item.`
                : 'Please delete this item from your cart.'}
            </span>
          </LineAlert>
        )}
        {gone && (
          <LineAlert>
            <span>
              <span className="font-semibold">No longer available.</span> This variation is no longer sold.
              Please delete this item from your cart.
            </span>
          </LineAlert>
        )}
        {notice && <LineAlert>{notice}</LineAlert>}
      </div>
    </li>
  );
}

/**
 * The line's quantity, Edit (a stepper, saved by Save or Enter, dropped by Escape) and Delete.
 * Focus stays on the line: the Edit button takes it back when the stepper goes away.
 */
function LineQuantity({ line, left, onRemoved }: Omit<CartLineItemProps, 'photo' | 'notice' | 'gone'>) {
  const [draft, setDraft] = useState<number | null>(null);
  const stepperRef = useRef<HTMLDivElement>(null);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const editing = draft !== null;

  function edit() {
    setDraft(line.quantity);
    // Let the stepper render, then put the cursor in its number.
    requestAnimationFrame(() => stepperRef.current?.querySelector('input')?.select());
  }

  function save() {
    if (draft !== null) setQuantity(line.cartProductId, draft);
    setDraft(null);
    editButtonRef.current?.focus();
  }

  function onStepperKey(event: KeyboardEvent) {
    if (event.key !== 'Enter' && event.key !== 'Escape') return;
    // Focus moves to the Edit button; the key must not go on to press it.
    event.preventDefault();
    if (event.key === 'Enter') save();
    else {
      setDraft(null);
      editButtonRef.current?.focus();
    }
  }

  return (
    <div className="col-span-2 flex flex-col gap-1 md:col-span-1 md:col-start-2 md:self-start">
      <div className="flex h-11 items-center gap-2">
        <span className="text-sm text-muted">Quantity:</span>
        {editing ? (
          // biome-ignore lint/a11y/noStaticElementInteractions: Enter saves and Escape cancels, a shortcut beside the Save button.
          <div ref={stepperRef} onKeyDown={onStepperKey}>
            <QuantityStepper
              value={draft}
              onChange={setDraft}
              max={quantityLimit(left ?? null)}
              label={`Quantity of ${line.name}`}
            />
          </div>
        ) : (
          <span className="min-w-6 font-bold tabular-nums">{line.quantity}</span>
        )}
      </div>
      <div className="-ml-3 flex items-center">
        <button
          ref={editButtonRef}
          type="button"
          className={`${textButton} text-accent-dark`}
          aria-label={editing ? `Save quantity of ${line.name}` : `Edit quantity of ${line.name}`}
          onClick={editing ? save : edit}
        >
          {editing ? 'Save' : 'Edit'}
        </button>
        <span aria-hidden="true" className="h-4 w-px bg-line" />
        <button
          type="button"
          className={`${textButton} text-ink-soft hover:text-danger`}
          aria-label={`Delete ${line.name}`}
          onClick={() => {
            removeFromCart(line.cartProductId);
            onRemoved();
          }}
        >
          <Trash2 aria-hidden="true" className="size-4" />
          Delete
        </button>
      </div>
    </div>
  );
}

/** A line's warning: short of stock, or refused by the server. */
function LineAlert({ children }: { children: ReactNode }) {
  return (
    <p
      role="alert"
      className="col-span-2 flex items-start gap-2 rounded-xl bg-danger/5 px-3.5 py-2.5 text-sm text-danger md:col-span-3"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {children}
    </p>
  );
}
