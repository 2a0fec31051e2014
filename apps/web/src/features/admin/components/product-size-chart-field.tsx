import { SIZE_CHART_COLUMNS, SIZE_PRESETS, sizeChartName, sizeChartPreset } from '@habi/shared';
import { useId } from 'react';
import type { OwnSizeChart } from '../hooks/use-own-size-chart.ts';
import { FormSection } from './form-bits.tsx';
import { SizeChartEditor } from './size-chart-editor.tsx';

/**
 * "Size chart" of Add and Edit Product: use the category's chart (edited on the Size charts
 * page), or the product's own numbers, starting from the category's.
 */
export function ProductSizeChartField({ chart, disabled }: { chart: OwnSizeChart; disabled?: boolean }) {
  const name = useId();
  const { slot } = chart;
  const option = (value: boolean, label: string, hint: string) => (
    <label className="flex cursor-pointer items-start gap-3 rounded-xl border border-line p-3 has-checked:border-ink has-checked:bg-sand/60">
      <input
        type="radio"
        name={name}
        checked={chart.own === value}
        onChange={() => chart.choose(value)}
        disabled={disabled}
        className="mt-1 size-4 accent-ink"
      />
      <span>
        <span className="block text-sm font-semibold">{label}</span>
        <span className="block text-sm text-muted">{hint}</span>
      </span>
    </label>
  );
  return (
    <FormSection title="Size chart" description="What the product page's Size Guide shows.">
      {slot ? (
        <div className="flex flex-col gap-4">
          <fieldset className="grid gap-3 sm:grid-cols-2">
            <legend className="sr-only">Size chart</legend>
            {option(
              false,
              "Use the category's chart",
              `${sizeChartName(slot.category, slot.kind)}, as set on Size charts`,
            )}
            {option(
              true,
              'Use its own chart',
              `Its own numbers, starting from ${sizeChartName(slot.category, slot.kind)}`,
            )}
          </fieldset>
          {chart.own && (
            <SizeChartEditor
              name={`This product's ${sizeChartName(slot.category, slot.kind)}`}
              kind={slot.kind}
              sizes={SIZE_PRESETS[sizeChartPreset(slot.kind)]}
              columns={SIZE_CHART_COLUMNS[slot.category][slot.kind]}
              cells={chart.cells}
              onChange={chart.edit}
              errors={chart.errors}
              disabled={disabled}
            />
          )}
        </div>
      ) : (
        <p className="text-sm text-muted">
          Choose a category, a type (Tops, Bottoms or Full Outfit, or Shoes in sneaker sizes) and sizes to
          give this product a size chart.
        </p>
      )}
    </FormSection>
  );
}
