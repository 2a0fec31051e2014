import {
  CATEGORIES,
  type Category,
  DEFAULT_SIZE_CHARTS,
  SIZE_CHART_KIND_LABELS,
  SIZE_CHART_KINDS,
  SIZE_PRESETS,
  type SizeChart,
  type SizeChartKind,
  sizeChartName,
  sizeChartPreset,
} from '@habi/shared';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../components/layout/use-document-title.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Loading } from '../../../components/ui/spinner.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useSaveSizeChart, useSizeCharts } from '../api/size-charts.ts';
import { LeaveDialog } from '../components/leave-dialog.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { SizeChartEditor } from '../components/size-chart-editor.tsx';
import { useLeaveGuard } from '../hooks/use-leave-guard.ts';
import {
  type ChartCells,
  type ChartErrors,
  cellsOf,
  chartErrors,
  rowsOf,
} from '../utils/size-chart-cells.ts';

const isCategory = (text: string | null): text is Category => CATEGORIES.some((c) => c === text);
const isKind = (text: string | null): text is SizeChartKind => SIZE_CHART_KINDS.some((k) => k === text);

/**
 * Size charts (/admin/size_charts?category=&kind=): the chart of each category and kind that
 * product pages show in their Size Guide, unless a product has its own. Saved, it shows on the
 * store at once.
 */
export default function SizeChartsPage() {
  useDocumentTitle('Size charts');
  const [search] = useSearchParams();
  const category = isCategory(search.get('category')) ? (search.get('category') as Category) : 'Men';
  const kind = isKind(search.get('kind')) ? (search.get('kind') as SizeChartKind) : 'tops';
  const charts = useSizeCharts();
  const chart = charts.data?.find((c) => c.category === category && c.kind === kind);

  return (
    <>
      <PageHeader
        title="Size charts"
        description="The body measurements product pages show in their Size Guide, by category and type."
      />
      <div className="flex max-w-4xl flex-col gap-5">
        <ChartPicker category={category} kind={kind} charts={charts.data} />
        {charts.isError ? (
          <p role="alert" className="rounded-2xl border border-line bg-white p-8 text-center text-muted">
            {errorMessage(charts.error)}
          </p>
        ) : chart ? (
          // Keyed: another chart starts from its own saved numbers.
          <ChartForm key={`${category}/${kind}`} chart={chart} />
        ) : (
          <Loading />
        )}
      </div>
    </>
  );
}

/** The categories, then the kinds of the chosen one, as links (each chart has its own address). */
function ChartPicker({
  category,
  kind,
  charts,
}: {
  category: Category;
  kind: SizeChartKind;
  charts: SizeChart[] | undefined;
}) {
  const link = (c: Category, k: SizeChartKind) => `${paths.admin.sizeCharts}?category=${c}&kind=${k}`;
  const pill = (current: boolean) =>
    cn(
      'inline-flex h-10 items-center gap-2 rounded-full border px-4 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent',
      current ? 'border-ink bg-ink text-paper' : 'border-line bg-white text-ink hover:border-ink/50',
    );
  return (
    <div className="flex flex-col gap-3">
      <nav aria-label="Category" className="flex flex-wrap gap-2">
        {CATEGORIES.map((c) => (
          <Link
            key={c}
            to={link(c, kind)}
            aria-current={c === category ? 'page' : undefined}
            className={pill(c === category)}
          >
            {c}
          </Link>
        ))}
      </nav>
      <nav aria-label={`${category}'s charts`} className="flex flex-wrap gap-2">
        {SIZE_CHART_KINDS.map((k) => {
          const edited = charts?.find((c) => c.category === category && c.kind === k)?.isDefault === false;
          return (
            <Link
              key={k}
              to={link(category, k)}
              aria-current={k === kind ? 'page' : undefined}
              className={cn(pill(k === kind), 'h-9 rounded-lg')}
            >
              {SIZE_CHART_KIND_LABELS[k]}
              {edited && <span className="text-xs font-normal opacity-80">(edited)</span>}
            </Link>
          );
        })}
      </nav>
    </div>
  );
}

/** One chart's table, Restore defaults and Save chart; leaving with changes unsaved asks first. */
function ChartForm({ chart }: { chart: SizeChart }) {
  const { category, kind } = chart;
  const sizes = SIZE_PRESETS[sizeChartPreset(kind)];
  const [saved, setSaved] = useState(() => cellsOf(chart.rows));
  const [cells, setCells] = useState<ChartCells>(saved);
  const [errors, setErrors] = useState<ChartErrors>({});
  const save = useSaveSizeChart();
  const dirty = JSON.stringify(cells) !== JSON.stringify(saved);
  const guard = useLeaveGuard(dirty);
  const defaults = cellsOf(DEFAULT_SIZE_CHARTS[category][kind]);
  const title = sizeChartName(category, kind);

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const checked = rowsOf(category, kind, sizes, cells);
    if ('errors' in checked) {
      setErrors(checked.errors);
      toast.error('Nothing was saved: check the marked cells.');
      return;
    }
    setErrors({});
    try {
      const { message, chart: stored } = await save.mutateAsync({ category, kind, rows: checked.rows });
      setSaved(cellsOf(stored.rows));
      toast.success(message);
    } catch (error) {
      if (error instanceof ApiError) setErrors(chartErrors(Object.entries(error.errors)));
      toast.error(errorMessage(error));
    }
  }

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-5 rounded-2xl border border-line bg-white p-5 sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="font-sans text-base font-bold tracking-normal">{title}</h2>
          <p className="mt-0.5 text-sm text-muted">
            Sizes {sizes[0]} to {sizes[sizes.length - 1]}, body measurements in centimetres.{' '}
            {chart.isDefault ? 'The store’s default chart.' : 'Edited for this store.'}
          </p>
        </div>
      </div>
      <SizeChartEditor
        name={title}
        kind={kind}
        sizes={sizes}
        columns={chart.columns}
        cells={cells}
        onChange={setCells}
        errors={errors}
        disabled={save.isPending}
      />
      <div className="flex flex-col-reverse gap-2 border-t border-line pt-4 sm:flex-row sm:items-center sm:justify-end">
        <Button
          variant="secondary"
          className="rounded-lg"
          disabled={save.isPending || JSON.stringify(cells) === JSON.stringify(defaults)}
          onClick={() => {
            setCells(defaults);
            setErrors({});
          }}
        >
          Restore defaults
        </Button>
        <Button type="submit" className="rounded-lg sm:min-w-32" pending={save.isPending}>
          Save chart
        </Button>
      </div>
      <LeaveDialog
        open={guard.open}
        unsaved={`Your changes to ${title} are not saved.`}
        onStay={guard.stay}
        onLeave={guard.leave}
      />
    </form>
  );
}
