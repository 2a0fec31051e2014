import { ADDRESS_PART_COLUMNS, type AddressParts, addressPartCells } from '@habi/shared';
import { cn } from '../../lib/cn.ts';

/**
 * A structured address's parts, each under the name the exports give it (a Metro Manila
 * address has no province): what a packer copies onto a courier's form.
 */
export function AddressPartsList({ parts, className }: { parts: AddressParts; className?: string }) {
  const cells = addressPartCells(parts);
  return (
    <dl className={cn('grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5', className)}>
      {ADDRESS_PART_COLUMNS.map((column, i) =>
        cells[i] ? (
          <div key={column} className="contents">
            <dt className="text-muted">{column}</dt>
            <dd className="break-words">{cells[i]}</dd>
          </div>
        ) : null,
      )}
    </dl>
  );
}
