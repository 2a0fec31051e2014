import type { MessageResponse } from '@habi/shared';
import type { ColumnHelper } from '@tanstack/react-table';
import type { LucideIcon } from 'lucide-react';
import { Ellipsis, Trash2 } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { ConfirmDeleteDialog } from './confirm-delete-dialog.tsx';
import { look } from './data-table.tsx';

export interface RowLink {
  label: string;
  to: string;
  icon: LucideIcon;
}

interface RowMenuProps {
  /** Names the row for screen readers: 'Actions for Men Tee Navy'. */
  rowName: string;
  links?: RowLink[];
  /** Offers Delete, behind a confirmation; `what` names what goes in the dialog. */
  remove?: { what: ReactNode; run: () => Promise<MessageResponse> };
}

const itemClass =
  'flex h-9 cursor-pointer items-center gap-2.5 rounded-lg px-2.5 text-sm text-ink outline-none select-none data-[highlighted]:bg-sand';

/** A row's 'Actions' menu (Radix DropdownMenu: arrow keys, Enter, Escape) and its delete dialog. */
function RowMenu({ rowName, links = [], remove }: RowMenuProps) {
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);

  const proceed = async () => {
    if (!remove) return;
    setPending(true);
    try {
      const { message } = await remove.run();
      toast.success(message);
      setConfirming(false);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      {/* Not modal: a modal menu hides the page from screen readers while leaving it focusable
          (axe: aria-hidden-focus). Arrow keys, Enter and Escape work the same. */}
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          aria-label={`Actions for ${rowName}`}
          className="grid size-9 place-items-center rounded-lg text-ink-soft hover:bg-sand hover:text-ink data-[state=open]:bg-sand"
        >
          <Ellipsis aria-hidden="true" className="size-5" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={4}
            className="admin-pop-in z-40 min-w-52 rounded-xl border border-line bg-white p-1 shadow-lg"
          >
            {/* biome-ignore lint/a11y/noLabelWithoutControl: a menu's group label (a div), not a form label. */}
            <DropdownMenu.Label className="px-2.5 pt-1.5 pb-1 text-xs font-semibold tracking-wide text-muted uppercase">
              Actions
            </DropdownMenu.Label>
            {links.map(({ label, to, icon: Icon }) => (
              <DropdownMenu.Item key={label} asChild className={itemClass}>
                <Link to={to}>
                  <Icon aria-hidden="true" className="size-4 text-muted" />
                  {label}
                </Link>
              </DropdownMenu.Item>
            ))}
            {remove && (
              <>
                {links.length > 0 && <DropdownMenu.Separator className="my-1 h-px bg-line" />}
                <DropdownMenu.Item
                  className={`${itemClass} text-danger data-[highlighted]:bg-danger/10`}
                  onSelect={() => setConfirming(true)}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                  Delete
                </DropdownMenu.Item>
              </>
            )}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {remove && (
        <ConfirmDeleteDialog
          open={confirming}
          onOpenChange={setConfirming}
          what={remove.what}
          pending={pending}
          onProceed={proceed}
        />
      )}
    </>
  );
}

/** A table's last column: each row's Actions menu, under a header for screen readers only. */
export function actionsColumn<T>(column: ColumnHelper<T>, menu: (row: T) => RowMenuProps) {
  return column.display({
    id: 'actions',
    header: 'Actions',
    meta: look({ className: 'w-14 text-right', srOnlyHeader: true }),
    cell: ({ row }) => <RowMenu {...menu(row.original)} />,
  });
}
