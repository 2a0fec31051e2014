import {
  type StatusColour,
  SUBSCRIBER_STATUSES,
  type Subscriber,
  type SubscriberSort,
  type SubscriberStatus,
} from '@habi/shared';
import { createColumnHelper } from '@tanstack/react-table';
import { useDocumentTitle } from '../../../components/layout/use-document-title.ts';
import { useExportSubscribers, useSubscribers } from '../api/get-subscribers.ts';
import { DataTable, look } from '../components/data-table.tsx';
import { ExportCsvButton } from '../components/export-csv-button.tsx';
import { NoValue } from '../components/no-value.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { StatusPill } from '../components/status-pill.tsx';
import { StatusSelect } from '../components/status-select.tsx';
import { useListParams } from '../hooks/use-list-params.ts';
import { formatInstant } from '../utils/format-instant.ts';

const SORTABLE: readonly SubscriberSort[] = ['createdAt', 'email', 'status'];
const COLOURS: Record<SubscriberStatus, StatusColour> = {
  pending: 'yellow',
  subscribed: 'green',
  unsubscribed: 'grey',
};
const column = createColumnHelper<Subscriber>();

const columns = [
  column.accessor('email', {
    id: 'email',
    header: 'Email',
    meta: look({ className: 'font-semibold text-ink' }),
  }),
  column.accessor('status', {
    id: 'status',
    header: 'Status',
    cell: (info) => {
      const { status, confirmedAt, unsubscribedAt } = info.row.original;
      const since = status === 'subscribed' ? confirmedAt : status === 'unsubscribed' ? unsubscribedAt : null;
      return (
        <span className="flex flex-col items-start gap-1">
          <StatusPill status={status} colour={COLOURS[status]} />
          {since && (
            <span className="text-xs whitespace-nowrap text-muted tabular-nums">
              since {formatInstant(since)}
            </span>
          )}
        </span>
      );
    },
  }),
  column.accessor('createdAt', {
    id: 'createdAt',
    header: 'Subscribed',
    meta: look({ className: 'whitespace-nowrap tabular-nums' }),
    cell: (info) => formatInstant(info.getValue()),
  }),
  column.accessor('code', {
    header: 'Welcome code',
    enableSorting: false,
    cell: (info) => {
      const code = info.getValue();
      if (!code) return <NoValue label="No code yet" />;
      return (
        <span className="flex flex-col">
          <span className="font-mono text-[0.8125rem] font-semibold tracking-wide whitespace-nowrap">
            {code}
          </span>
          <span className="text-xs text-muted">{info.row.original.codeUsed ? 'Used' : 'Not used'}</span>
        </span>
      );
    },
  }),
];

/**
 * Subscribers: every address the newsletter box took, its status and since when, when it first
 * subscribed, and its welcome code and whether an order used it; searched, filtered and paged on
 * the server, and exported as CSV with the same search and filter.
 */
export default function SubscribersPage() {
  useDocumentTitle('Subscribers');
  const list = useListParams(SORTABLE);
  const status = list.filter('status', SUBSCRIBER_STATUSES);
  const subscribers = useSubscribers({ ...list.params, status });
  const exported = useExportSubscribers();
  const { q, sort, order } = list.params;

  return (
    <>
      <PageHeader title="Subscribers" description="Addresses the newsletter box took, newest first.">
        <ExportCsvButton exported={exported} filters={{ q, status, sort, order }} />
      </PageHeader>
      <DataTable
        label="Subscribers"
        searchLabel="Search email..."
        columns={columns}
        query={subscribers}
        list={list}
        emptyMessage={q || status ? 'No results.' : 'No subscribers yet.'}
        toolbar={
          <StatusSelect
            statuses={SUBSCRIBER_STATUSES}
            value={status}
            onChange={(value) => list.setFilter('status', value)}
          />
        }
      />
    </>
  );
}
