import type { MessageResponse, User } from '@habi/shared';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useDocumentTitle } from '../../../components/layout/use-document-title.ts';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { deleteUser, useDelete } from '../api/deletes.ts';
import { type UserSort, useUsers } from '../api/get-users.ts';
import { DataTable, look } from '../components/data-table.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { actionsColumn } from '../components/row-menu.tsx';
import { useListParams } from '../hooks/use-list-params.ts';
import { useCan } from '../lib/access.tsx';

const SORTABLE: readonly UserSort[] = ['name', 'email'];
const column = createColumnHelper<User>();

/** Users List: every shopper, searched by name, sorted and paged on the server. */
export default function UsersPage() {
  useDocumentTitle('Users List');
  const list = useListParams(SORTABLE);
  const users = useUsers(list.params);
  const remove = useDelete(deleteUser);
  const canDelete = useCan()('customers:delete');

  const columns = useMemo(
    () => [
      column.accessor('imageUrl', {
        header: 'Avatar',
        enableSorting: false,
        meta: look({ className: 'w-20' }),
        cell: (info) => (
          <Avatar src={info.getValue()} alt={info.row.original.name} className="size-10" sizes="40px" />
        ),
      }),
      column.accessor('name', {
        id: 'name',
        header: 'Name',
        cell: (info) => <span className="font-semibold">{info.getValue()}</span>,
      }),
      column.accessor('email', {
        id: 'email',
        header: 'Email',
        cell: (info) => (
          <a href={`mailto:${info.getValue()}`} className="text-ink-soft hover:text-accent hover:underline">
            {info.getValue()}
          </a>
        ),
      }),
      column.accessor('contactNumber', {
        header: 'Contact Number',
        enableSorting: false,
        meta: look({ className: 'whitespace-nowrap tabular-nums' }),
      }),
      // Erasing a shopper's account is the owner's alone.
      ...(canDelete ? [actionsColumnFor(remove.mutateAsync)] : []),
    ],
    [remove.mutateAsync, canDelete],
  );

  return (
    <>
      <PageHeader title="Users List" description="Shoppers with an account in the store." />
      <DataTable
        label="Users"
        searchLabel="Search name..."
        columns={columns}
        query={users}
        list={list}
        emptyMessage="No results."
      />
    </>
  );
}

/** The row menu's Delete, erasing the shopper's account. */
function actionsColumnFor(remove: (id: string) => Promise<MessageResponse>) {
  return actionsColumn(column, (user) => ({
    rowName: user.name,
    remove: {
      what: (
        <>
          the account of <strong className="text-ink">{user.name}</strong> ({user.email})
        </>
      ),
      run: () => remove(user._id),
    },
  }));
}
