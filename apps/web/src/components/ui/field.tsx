import { CircleAlert } from 'lucide-react';
import { type ComponentProps, useId } from 'react';
import { cn } from '../../lib/cn.ts';

const control =
  'w-full rounded-xl border border-line bg-white px-4 text-base text-ink placeholder:text-muted/80 transition-colors focus:border-ink aria-invalid:border-danger';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(control, 'h-12', className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(control, 'min-h-28 py-3', className)} {...props} />;
}

export function Label({ className, ...props }: ComponentProps<'label'>) {
  // biome-ignore lint/a11y/noLabelWithoutControl: callers pass htmlFor through props.
  return <label className={cn('text-sm font-semibold text-ink', className)} {...props} />;
}

/** A field's message under it, with an icon where the form shows one. */
export function FieldError({ id, message, icon }: { id?: string; message?: string; icon?: boolean }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mt-1.5 flex items-center gap-1.5 text-sm text-danger">
      {icon && <CircleAlert aria-hidden="true" className="size-4 shrink-0" />}
      {message}
    </p>
  );
}

/**
 * What a field hands its control: the raw values, and `control`, the same as props to spread
 * onto an input (`<Input {...control} />`).
 */
export interface FieldControl {
  id: string;
  describedBy: string | undefined;
  invalid: boolean;
  control: { id: string; 'aria-describedby': string | undefined; 'aria-invalid': true | undefined };
}

interface FieldProps {
  label: string;
  error?: string;
  hint?: string;
  icon?: boolean;
  className?: string;
  children: (ids: FieldControl) => React.ReactNode;
}

/** Label, control and message wired together for screen readers. */
export function Field({ label, error, hint, icon, className, children }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {hint && (
        <p id={hintId} className="text-xs text-muted">
          {hint}
        </p>
      )}
      {children({
        id,
        describedBy,
        invalid: Boolean(error),
        control: { id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined },
      })}
      <FieldError id={errorId} message={error} icon={icon} />
    </div>
  );
}
