import {
  COURIERS,
  csvRowProblems,
  orderReference,
  SHIPMENT_CSV_LIMITS,
  SHIPMENT_CSV_MESSAGES,
} from '@habi/shared';
import { CircleCheck, FileUp, Truck } from 'lucide-react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../components/layout/use-document-title.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../lib/paths.ts';
import { useApplyShipmentCsv, useCheckShipmentCsv } from '../api/ship-by-csv.ts';
import { CsvFileField } from '../components/csv-file-field.tsx';
import { PageHeader, Panel } from '../components/page-header.tsx';
import { useCsvUpload } from '../hooks/use-csv-upload.ts';

/**
 * Ship by CSV (/admin/orders/ship_by_csv): a courier portal's export of order numbers, couriers
 * and tracking numbers is checked first (a dry run listing each refused row and why), then the
 * rows found ready ship in one go, each order's items not yet shipped as one shipment.
 */
export default function ShipByCsvPage() {
  useDocumentTitle('Ship by CSV');
  const upload = useCsvUpload({
    maxBytes: SHIPMENT_CSV_LIMITS.bytes,
    tooLarge: SHIPMENT_CSV_MESSAGES.tooLarge,
    check: useCheckShipmentCsv(),
    apply: useApplyShipmentCsv(),
    // The rows the check found ready; the refused ones stay behind.
    applyInput: (file, report) => ({
      csv: file.csv,
      rows: report.rows.filter((row) => row.errors.length === 0).map((row) => row.row),
    }),
  });
  const { report, done, chosen } = upload;
  const ready = report?.rows.filter((row) => row.errors.length === 0) ?? [];
  const refused = report?.rows.filter((row) => row.errors.length > 0) ?? [];

  return (
    <>
      <PageHeader
        title="Ship by CSV"
        description="Ship many orders at once from your courier portal's export."
      >
        <Button asChild variant="secondary" size="sm">
          <Link to={paths.admin.orders}>Back to Orders</Link>
        </Button>
      </PageHeader>
      <div className="flex flex-col gap-6">
        <Panel>
          <h2 className="font-sans text-base font-bold tracking-normal">1. Choose the file</h2>
          <p className="mt-2 max-w-prose text-sm text-ink-soft">
            A CSV with a row per order and columns for the <strong>order number</strong> (as{' '}
            <span className="font-mono">#9843F462</span>), the <strong>courier</strong> (
            {Object.values(COURIERS)
              .filter((courier) => courier.trackingUrl)
              .map((courier) => courier.name)
              .join(', ')}
            ) and the <strong>tracking number</strong>, in any order, with headers like “Order No.”, “Courier”
            and “Waybill No.”; a “Date shipped” column is optional (else today). Other columns are ignored. At
            most {SHIPMENT_CSV_LIMITS.rows} rows and {SHIPMENT_CSV_LIMITS.bytes / 1024} KB. Each order ships
            all its items not yet shipped.
          </p>
          <CsvFileField upload={upload} />
        </Panel>

        {report && (
          <Panel>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <div>
                <h2 className="font-sans text-base font-bold tracking-normal">2. Check the rows</h2>
                <p className="mt-1 text-sm text-ink-soft" role="status">
                  {chosen?.name}: {report.message}. Nothing has shipped yet.
                </p>
              </div>
              <Button
                onClick={() => void upload.applyFile()}
                disabled={ready.length === 0 || upload.applying}
              >
                {upload.applying ? (
                  <Spinner className="size-4" />
                ) : (
                  <Truck aria-hidden="true" className="size-4" />
                )}
                Ship {ready.length} order{ready.length === 1 ? '' : 's'}
              </Button>
            </div>
            {refused.length > 0 && (
              <div className="mt-4 rounded-xl border border-danger/30 bg-danger/5 p-4">
                <h3 className="text-sm font-bold text-danger">
                  Refused rows (they will not ship; fix them and upload them again)
                </h3>
                <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-ink">
                  {refused.flatMap(csvRowProblems).map((problem) => (
                    <li key={problem}>{problem}</li>
                  ))}
                </ul>
              </div>
            )}
            <div className="mt-4 overflow-x-auto">
              <table className="w-full min-w-[38rem] text-left text-sm">
                <caption className="sr-only">The file's rows as checked</caption>
                <thead className="border-b border-line text-xs tracking-wide text-muted uppercase">
                  <tr>
                    <th scope="col" className="py-2 pr-3">
                      Row
                    </th>
                    <th scope="col" className="py-2 pr-3">
                      Order
                    </th>
                    <th scope="col" className="py-2 pr-3">
                      Courier
                    </th>
                    <th scope="col" className="py-2 pr-3">
                      Tracking number
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right">
                      Items
                    </th>
                    <th scope="col" className="py-2">
                      Result
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-line">
                  {report.rows.map((row) => (
                    <tr key={row.row}>
                      <td className="py-2 pr-3 tabular-nums">{row.row}</td>
                      <td className="py-2 pr-3 font-mono text-xs">
                        {row.orderId ? (
                          <Link
                            to={paths.admin.manageOrder(row.orderId)}
                            className="underline underline-offset-4"
                          >
                            {orderReference(row.orderId)}
                          </Link>
                        ) : (
                          row.order || '—'
                        )}
                      </td>
                      <td className="py-2 pr-3">{row.courier ? COURIERS[row.courier].name : '—'}</td>
                      <td className="py-2 pr-3 font-mono text-xs break-all">{row.trackingNumber || '—'}</td>
                      <td className="py-2 pr-3 text-right tabular-nums">{row.lines}</td>
                      <td className="py-2">
                        {row.errors.length === 0 ? (
                          <span className="inline-flex items-center gap-1 font-semibold text-success">
                            <CircleCheck aria-hidden="true" className="size-4" /> Ready
                          </span>
                        ) : (
                          <span className="font-semibold text-danger">Refused</span>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </Panel>
        )}

        {done && (
          <Panel>
            <h2 className="flex items-center gap-2 font-sans text-base font-bold tracking-normal">
              <FileUp aria-hidden="true" className="size-5" /> Shipped
            </h2>
            <p className="mt-1 text-sm text-ink-soft">
              {done.message}. Each customer is mailed their tracking number.
            </p>
            <ul className="mt-3 flex flex-wrap gap-2">
              {done.shipments.map((shipment) => (
                <li key={shipment._id}>
                  <Link
                    to={paths.admin.manageOrder(shipment.orderId)}
                    className="inline-flex h-9 items-center rounded-full border border-line px-3 font-mono text-xs font-semibold hover:bg-sand"
                  >
                    {orderReference(shipment.orderId)}
                  </Link>
                </li>
              ))}
            </ul>
          </Panel>
        )}
      </div>
    </>
  );
}
