import { Progress } from 'radix-ui';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';

/** A titled white panel of a back-office form. */
export function FormSection({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="rounded-2xl border border-line bg-white p-5 sm:p-6">
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="font-sans text-base font-bold tracking-normal">{title}</h2>
          {description && <p className="mt-0.5 text-sm text-muted">{description}</p>}
        </div>
        {actions && <div className="flex items-center gap-2">{actions}</div>}
      </div>
      {children}
    </section>
  );
}

/**
 * Cancel and the submit button, which reads 'Loading...' with a spinner while sending; `form`
 * names the form it sends when the actions sit outside it.
 */
export function FormActions({
  submitLabel,
  pending,
  onCancel,
  form,
  children,
}: {
  submitLabel: string;
  pending: boolean;
  onCancel: () => void;
  form?: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-line bg-white p-4 sm:flex-row sm:items-center sm:justify-end">
      {children && <div className="min-w-0 flex-1">{children}</div>}
      <div className="flex gap-2 sm:justify-end">
        <Button
          variant="secondary"
          className="flex-1 rounded-lg sm:flex-none"
          onClick={onCancel}
          disabled={pending}
        >
          Cancel
        </Button>
        <Button
          type="submit"
          form={form}
          className="flex-1 rounded-lg sm:min-w-32 sm:flex-none"
          pending={pending}
        >
          {submitLabel}
        </Button>
      </div>
    </div>
  );
}

/** The upload's progress: the bytes sent, then the server's image processing. */
export function UploadProgress({ percent }: { percent: number }) {
  const label = percent < 100 ? `Uploading images... ${percent}%` : 'Processing images...';
  return (
    <div className="flex flex-col gap-1.5">
      <p className="text-sm text-ink-soft tabular-nums" aria-live="polite">
        {label}
      </p>
      <Progress.Root
        value={percent}
        aria-label="Upload progress"
        className="relative h-2 w-full overflow-hidden rounded-full bg-sand"
      >
        <Progress.Indicator
          className="h-full bg-accent transition-transform duration-200"
          style={{ transform: `translateX(-${100 - percent}%)` }}
        />
      </Progress.Root>
    </div>
  );
}
