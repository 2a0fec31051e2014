import { EMAIL_STATUSES, type EmailSort, type EmailSummary } from '@habi/shared';
import { createColumnHelper } from '@tanstack/react-table';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../components/layout/use-document-title.ts';
import { useEmails } from '../api/get-emails.ts';
import { DataTable, look } from '../components/data-table.tsx';
import { EmailPreviewDialog } from '../components/email-preview-dialog.tsx';
import { EmailStatusPill } from '../components/email-status.tsx';
import { NoValue } from '../components/no-value.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { StatusSelect } from '../components/status-select.tsx';
import { useListParams } from '../hooks/use-list-params.ts';
import { formatInstant } from '../utils/format-instant.ts';

const SORTABLE: readonly EmailSort[] = ['createdAt', 'recipient', 'subject'];
const column = createColumnHelper<EmailSummary>();

/** "order-placed" -> "Order placed". */
const kindLabel = (kind: string) => {
  const words = kind.replaceAll('-', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * Emails: every mail the store wrote to its customers and whether it went, searched by
 * recipient or subject, filtered by status, paged on the server. A subject opens its preview,
 * kept in the URL (`?email=`) so a reload shows it again.
 */
export default function EmailsPage() {
  useDocumentTitle('Emails');
  const list = useListParams(SORTABLE);
  const status = list.filter('status', EMAIL_STATUSES);
  const emails = useEmails({ ...list.params, status });
  const [search, setSearch] = useSearchParams();
  const previewId = search.get('email') ?? '';
  const setPreview = useCallback(
    (id: string | undefined) =>
      setSearch((current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('email', id);
        else next.delete('email');
        return next;
      }),
    [setSearch],
  );

  const columns = useMemo(
    () => [
      column.accessor('createdAt', {
        id: 'createdAt',
        header: 'Written',
        meta: look({ className: 'whitespace-nowrap tabular-nums' }),
        cell: (info) => formatInstant(info.getValue()),
      }),
      column.accessor('recipient', { id: 'recipient', header: 'Recipient' }),
      column.accessor('subject', {
        id: 'subject',
        header: 'Subject',
        cell: (info) => (
          <>
            <button
              type="button"
              onClick={() => setPreview(info.row.original._id)}
              className="text-left font-semibold text-ink hover:text-accent hover:underline"
            >
              {info.getValue()}
            </button>
            <span className="block text-xs text-muted">{kindLabel(info.row.original.kind)}</span>
          </>
        ),
      }),
      column.accessor('status', {
        header: 'Status',
        enableSorting: false,
        cell: (info) => <EmailStatusPill status={info.getValue()} />,
      }),
      column.accessor('attempts', {
        header: 'Attempts',
        enableSorting: false,
        meta: look({ className: 'text-center tabular-nums' }),
      }),
      column.accessor('sentAt', {
        header: 'Sent',
        enableSorting: false,
        meta: look({ className: 'whitespace-nowrap tabular-nums' }),
        cell: (info) => {
          const sentAt = info.getValue();
          return sentAt ? formatInstant(sentAt) : <NoValue label="Not sent" />;
        },
      }),
    ],
    [setPreview],
  );

  return (
    <>
      <PageHeader title="Emails" description="Mail the store wrote to its customers, newest first." />
      <DataTable
        label="Emails"
        searchLabel="Search recipient or subject..."
        columns={columns}
        query={emails}
        list={list}
        emptyMessage="No results."
        toolbar={
          <StatusSelect
            statuses={EMAIL_STATUSES}
            value={status}
            onChange={(value) => list.setFilter('status', value)}
          />
        }
      />
      <EmailPreviewDialog id={previewId} onClose={() => setPreview(undefined)} />
    </>
  );
}
