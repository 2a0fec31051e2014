import { RETURN_REASON_LABELS, RETURN_WINDOW_MAX } from '@habi/shared';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Loading } from '../../../components/ui/spinner.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useReturnReport, useReturnSettings, useSaveReturnSettings } from '../api/returns.ts';
import { Panel } from './page-header.tsx';

/** "1 return", "2 returns". */
const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
const percent = (rate: number) => `${(rate * 100).toFixed(rate < 0.1 ? 1 : 0)}%`;
const fieldClass =
  'h-10 w-full rounded-lg border border-line bg-white px-3 text-sm text-ink focus:border-ink focus:outline-none aria-invalid:border-danger';

/** Counts and rates by reason (of all requests) and by product (of the units delivered). */
export function ReturnsReport() {
  const report = useReturnReport();
  return (
    <Panel>
      <h2 className="text-lg font-semibold">Returns report</h2>
      {report.isError ? (
        <p role="alert" className="mt-3 text-sm text-muted">
          {errorMessage(report.error)}
        </p>
      ) : !report.data ? (
        <Loading />
      ) : (
        <>
          <p className="mt-1 text-sm text-muted">
            {count(report.data.requests, 'request')} ({count(report.data.returns, 'return')},{' '}
            {count(report.data.exchanges, 'exchange')}) for {count(report.data.deliveredUnits, 'item')}{' '}
            delivered; refused and cancelled requests aside.
          </p>
          <div className="mt-4 grid gap-6 lg:grid-cols-2">
            <table className="w-full text-sm" aria-label="By reason">
              <caption className="mb-2 text-left font-semibold">By reason</caption>
              <thead>
                <tr className="text-left text-xs text-muted">
                  <th className="py-1 font-semibold">Reason</th>
                  <th className="py-1 pl-4 text-right font-semibold">Requests</th>
                  <th className="py-1 pl-4 text-right font-semibold">Share</th>
                </tr>
              </thead>
              <tbody>
                {report.data.byReason.map((row) => (
                  <tr key={row.reason} className="border-t border-line">
                    <td className="py-1.5">{RETURN_REASON_LABELS[row.reason]}</td>
                    <td className="py-1.5 pl-4 text-right tabular-nums">{row.count}</td>
                    <td className="py-1.5 pl-4 text-right tabular-nums">{percent(row.rate)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <table className="w-full text-sm" aria-label="By product">
              <caption className="mb-2 text-left font-semibold">By product</caption>
              <thead>
                <tr className="text-left text-xs text-muted">
                  <th className="py-1 font-semibold">Product</th>
                  <th className="py-1 pl-4 text-right font-semibold">Requests</th>
                  <th className="py-1 pl-4 text-right font-semibold">Rate</th>
                </tr>
              </thead>
              <tbody>
                {report.data.byProduct.map((row) => (
                  <tr key={row.productId ?? row.name} className="border-t border-line">
                    <td className="py-1.5">{row.name}</td>
                    <td className="py-1.5 pl-4 text-right tabular-nums">{row.count}</td>
                    <td
                      className="py-1.5 text-right tabular-nums"
                      title={`${row.count} of ${row.delivered} delivered`}
                    >
                      {percent(row.rate)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </Panel>
  );
}

/** The shop's window: days after delivery a return or exchange may be asked for. */
export function WindowSetting() {
  const settings = useReturnSettings();
  const save = useSaveReturnSettings();
  const id = useId();
  const [days, setDays] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const value = days ?? String(settings.data?.windowDays ?? '');
  return (
    <Panel>
      <h2 className="text-lg font-semibold">Return window</h2>
      <p className="mt-1 text-sm text-muted">
        Days after delivery a shopper may ask. Defective and wrong items have no window.
      </p>
      <form
        noValidate
        className="mt-4 flex flex-wrap items-end gap-3"
        onSubmit={async (event) => {
          event.preventDefault();
          setFailure(undefined);
          try {
            await save.mutateAsync({ windowDays: Number(value) });
            setDays(undefined);
            toast.success('Return window saved');
          } catch (error) {
            setFailure(
              error instanceof ApiError ? (error.errors.windowDays ?? error.message) : errorMessage(error),
            );
          }
        }}
      >
        <div>
          <label htmlFor={`${id}-days`} className="text-sm font-semibold">
            Days
          </label>
          <input
            id={`${id}-days`}
            type="number"
            min={1}
            max={RETURN_WINDOW_MAX}
            inputMode="numeric"
            className={`${fieldClass} mt-1 w-28`}
            value={value}
            onChange={(event) => setDays(event.target.value)}
            aria-invalid={failure ? true : undefined}
            aria-describedby={failure ? `${id}-days-error` : undefined}
          />
        </div>
        <Button type="submit" size="sm" className="rounded-lg" disabled={save.isPending || !settings.data}>
          {save.isPending ? 'Loading...' : 'Save'}
        </Button>
        {failure && (
          <p id={`${id}-days-error`} role="alert" className="w-full text-sm text-red-900">
            {failure}
          </p>
        )}
      </form>
    </Panel>
  );
}
