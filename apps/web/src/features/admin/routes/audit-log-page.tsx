import type { AuditEntry } from '@habi/shared';
import { createColumnHelper } from '@tanstack/react-table';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../components/layout/use-document-title.ts';
import { useAuditFacets, useAuditLog, useExportAuditLog } from '../api/get-audit-log.ts';
import { DataTable, look } from '../components/data-table.tsx';
import { ExportCsvButton } from '../components/export-csv-button.tsx';
import { FilterSelect, TOOLBAR_CONTROL, ToolbarField } from '../components/filter-select.tsx';
import { NoValue } from '../components/no-value.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { useListParams } from '../hooks/use-list-params.ts';
import { formatInstant } from '../utils/format-instant.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const column = createColumnHelper<AuditEntry>();

/** A field's value as the log shows it: text as it is, anything else as JSON. */
const shown = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** Before and after of each field a change touched, behind a disclosure the keyboard opens. */
function Changes({ entry }: { entry: AuditEntry }) {
  const fields = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  if (fields.length === 0) return <NoValue label="No fields recorded" />;
  return (
    <details className="group max-w-[28rem]">
      <summary className="cursor-pointer text-sm font-semibold text-ink underline-offset-2 hover:underline">
        {fields.length === 1 ? '1 field' : `${fields.length} fields`}
      </summary>
      <dl className="mt-2 grid gap-2 text-xs">
        {fields.map((field) => (
          <div key={field} className="rounded-lg border border-line p-2">
            <dt className="font-mono font-semibold text-ink">{field}</dt>
            <dd className="mt-1 grid gap-1">
              <span className="break-all">
                <span className="font-semibold text-ink-soft">Before: </span>
                {entry.before && field in entry.before ? shown(entry.before[field]) : '—'}
              </span>
              <span className="break-all">
                <span className="font-semibold text-ink-soft">After: </span>
                {entry.after && field in entry.after ? shown(entry.after[field]) : '—'}
              </span>
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

const columns = [
  column.accessor('at', {
    header: 'When',
    enableSorting: false,
    meta: look({ className: 'whitespace-nowrap tabular-nums' }),
    cell: (info) => formatInstant(info.getValue()),
  }),
  column.accessor('admin', {
    header: 'Who',
    enableSorting: false,
    meta: look({ className: 'font-semibold text-ink' }),
  }),
  column.accessor('action', {
    header: 'What',
    enableSorting: false,
    cell: (info) => {
      const { entity, entityId } = info.row.original;
      return (
        <span className="flex flex-col">
          <span>
            {entity} · {info.getValue()}
          </span>
          {entityId && <span className="font-mono text-xs break-all text-muted">{entityId}</span>}
        </span>
      );
    },
  }),
  column.display({
    id: 'changes',
    header: 'Changes',
    cell: (info) => <Changes entry={info.row.original} />,
  }),
  column.accessor('client', {
    header: 'Client',
    enableSorting: false,
    cell: (info) => (
      <span className="font-mono text-xs text-muted" title="A keyed hash of the address, not the address">
        {info.getValue().slice(0, 8)}
      </span>
    ),
  }),
];

/** A day filter kept in the URL. */
function DayInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
}) {
  return (
    <ToolbarField label={label}>
      {(id) => (
        <input
          id={id}
          type="date"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className={TOOLBAR_CONTROL}
        />
      )}
    </ToolbarField>
  );
}

/**
 * Audit log: every change made in the back office and every admin sign-in, newest first: who,
 * when, from which client (a keyed hash), what, and the fields before and after. Filtered by
 * person, kind of record, days and a record's id, all in the URL; paged on the server, and
 * exported as CSV with the same filters.
 */
export default function AuditLogPage() {
  useDocumentTitle('Audit log');
  const list = useListParams<never>([]);
  const [search] = useSearchParams();
  const facets = useAuditFacets();
  // Taken as the URL has them: the server checks them, and an old link may name a past admin.
  const admin = search.get('admin') || undefined;
  const entity = search.get('entity') || undefined;
  const day = (key: string) => {
    const value = search.get(key) ?? '';
    return DAY.test(value) ? value : undefined;
  };
  const from = day('from');
  const to = day('to');
  const log = useAuditLog({ ...list.params, admin, entity, from, to });
  const exported = useExportAuditLog();
  const q = list.params.q;
  const filtered = Boolean(q || admin || entity || from || to);

  return (
    <>
      <PageHeader
        title="Audit log"
        description="Changes made in the back office and admin sign-ins, newest first."
      >
        <ExportCsvButton exported={exported} filters={{ q, admin, entity, from, to }} />
      </PageHeader>
      <DataTable
        label="Audit log"
        searchLabel="Search record id..."
        columns={columns}
        query={log}
        list={list}
        emptyMessage={filtered ? 'No results.' : 'Nothing has been changed yet.'}
        toolbar={
          <div className="flex flex-wrap items-center gap-3">
            <FilterSelect
              label="Who"
              value={admin}
              options={(facets.data?.admins ?? []).map((name) => ({ value: name, label: name }))}
              onChange={(value) => list.setFilter('admin', value)}
            />
            <FilterSelect
              label="Record"
              value={entity}
              options={(facets.data?.entities ?? []).map((name) => ({ value: name, label: name }))}
              onChange={(value) => list.setFilter('entity', value)}
            />
            <DayInput label="From" value={from ?? ''} onChange={(value) => list.setFilter('from', value)} />
            <DayInput label="To" value={to ?? ''} onChange={(value) => list.setFilter('to', value)} />
          </div>
        }
      />
    </>
  );
}
