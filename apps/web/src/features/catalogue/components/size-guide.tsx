import type { LengthUnit, ProductSizeChart } from '@habi/shared';
import { Ruler, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useId, useState, useSyncExternalStore } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Loading } from '../../../components/ui/spinner.tsx';
import { useProductSizeChart } from '../../../lib/size-charts.ts';
import { HowToMeasure } from './how-to-measure.tsx';
import { chartName, hasLengths, SizeChartTable, UnitSwitch } from './size-chart-table.tsx';

const TRIGGER_LOOK =
  'flex cursor-pointer items-center gap-1.5 rounded text-sm font-semibold text-accent-dark underline decoration-accent/40 underline-offset-4 hover:text-accent hover:decoration-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent';

const noChange = () => () => {};
/** False while the server renders and while hydrating, true once the app runs. */
const useAppRunning = () =>
  useSyncExternalStore(
    noChange,
    () => true,
    () => false,
  );

/**
 * 'Size Guide' beside the sizes: the product's chart (its own or its category's), a switch
 * between centimetres and inches, how to measure, and the chosen size marked.
 *
 * Sent by the server as a `<details>` disclosure holding the whole guide, so a shopper reads it
 * before the app's code has arrived (or if it never does) and search engines see it; once the
 * app runs, the same place holds a button opening it in a dialog (a sheet from the bottom on a
 * phone). A closed dialog's content would be hidden from a shopper without the app.
 */
export function SizeGuide({ productId, selected }: { productId: string; selected: string | undefined }) {
  const running = useAppRunning();
  const query = useProductSizeChart(productId, { enabled: true });
  const [unit, setUnit] = useState<LengthUnit>('cm');

  const body = <GuideBody data={query.data} selected={selected} unit={unit} onUnit={setUnit} />;
  if (!running) {
    return (
      <details className="group/guide">
        <summary className={`${TRIGGER_LOOK} list-none [&::-webkit-details-marker]:hidden`}>
          <Ruler aria-hidden="true" className="size-4" />
          Size Guide
        </summary>
        <div className="absolute inset-x-0 top-8 z-20 mt-2 flex max-h-[min(75vh,44rem)] flex-col gap-5 overflow-y-auto rounded-2xl border border-line bg-white p-5 shadow-xl">
          {body}
        </div>
      </details>
    );
  }

  return (
    <Dialog.Root>
      <Dialog.Trigger className={TRIGGER_LOOK}>
        <Ruler aria-hidden="true" className="size-4" />
        Size Guide
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/40" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-x-0 bottom-0 z-50 flex max-h-[88dvh] flex-col rounded-t-3xl bg-white shadow-xl focus:outline-none sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:max-h-[calc(100dvh-4rem)] sm:w-[calc(100%-3rem)] sm:max-w-2xl sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-3xl"
        >
          <div className="flex items-start justify-between gap-4 border-b border-line px-5 pt-3 pb-4 sm:px-8 sm:pt-7">
            <div className="flex flex-col">
              {/* The sheet's grip: a phone's cue that it came up from the bottom. */}
              <span aria-hidden="true" className="mx-auto mb-3 h-1.5 w-12 rounded-full bg-line sm:hidden" />
              <Dialog.Title className="font-display text-2xl font-semibold">Size Guide</Dialog.Title>
              {query.data?.chart && (
                <p className="mt-1 text-sm text-ink-soft">{chartName(query.data.chart)}, body measurements</p>
              )}
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close" className="-mr-2 mt-3 sm:mt-0">
                <X aria-hidden="true" className="size-5" />
              </Button>
            </Dialog.Close>
          </div>
          <div className="flex flex-col gap-6 overflow-y-auto px-5 py-5 sm:px-8 sm:pb-8">
            {query.isPending ? (
              <Loading className="py-10" />
            ) : query.isError ? (
              <div className="flex flex-col items-start gap-3 py-6">
                <p className="font-semibold">We couldn't load the size chart.</p>
                <Button variant="secondary" onClick={() => void query.refetch()}>
                  Try again
                </Button>
              </div>
            ) : (
              body
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The chart, its units and how to measure; or, for a product no chart fits, a word on fit. */
function GuideBody({
  data,
  selected,
  unit,
  onUnit,
}: {
  data: ProductSizeChart | undefined;
  selected: string | undefined;
  unit: LengthUnit;
  onUnit(unit: LengthUnit): void;
}) {
  const units = useId();
  const chart = data?.chart;
  if (!chart) {
    return (
      <p className="text-sm text-ink-soft">
        There is no size chart for this item yet. Our sizes run true to standard Philippine sizing: if you are
        between sizes, choose the larger one.
      </p>
    );
  }
  return (
    <div className="size-units flex flex-col gap-5">
      {hasLengths(chart) && <UnitSwitch name={units} unit={unit} onChange={onUnit} />}
      <SizeChartTable chart={chart} selected={selected} />
      <p className="text-sm text-ink-soft">Between two sizes? Choose the larger one for an easier fit.</p>
      <HowToMeasure columns={chart.columns} />
    </div>
  );
}
