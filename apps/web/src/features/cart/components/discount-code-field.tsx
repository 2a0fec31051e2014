import { DiscountCheckSchema, type DiscountPreview, discountLabel, discountRuleOf } from '@habi/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { TicketPercent, X } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError, Input } from '../../../components/ui/field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';

const CodeFormSchema = DiscountCheckSchema.pick({ discountCode: true });
type CodeForm = { discountCode: string };

/** What the server said of a code: its own message for the code, else the error's. */
export function codeErrorOf(error: unknown): string {
  return (error instanceof ApiError && error.errors.discountCode) || errorMessage(error);
}

interface DiscountCodeFieldProps {
  /** The code applied, or null. */
  applied: string | null;
  /** The applied code as last checked against the cart. */
  preview?: DiscountPreview;
  /** Why the applied code does not apply to the cart now. */
  problem?: string;
  /** Checks a code and applies it; throws the server's refusal. */
  onApply(code: string): Promise<void>;
  onRemove(): void;
}

/** The cart's "Discount code" field: Apply, then the applied code with Remove; errors inline. */
export function DiscountCodeField({ applied, preview, problem, onApply, onRemove }: DiscountCodeFieldProps) {
  const id = useId();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<CodeForm>({ resolver: zodResolver(CodeFormSchema), defaultValues: { discountCode: '' } });

  if (applied !== null) {
    const rule = preview && discountRuleOf(preview.kind, preview.value);
    return (
      <div className="mt-4">
        <div className="flex items-center gap-3 rounded-xl border border-dashed border-success/60 bg-success/5 px-3 py-2.5">
          <TicketPercent aria-hidden="true" className="size-5 shrink-0 text-success" />
          <p className="min-w-0 flex-1 text-sm">
            <span className="font-mono font-semibold break-all">{applied}</span>
            {rule && !problem && <span className="text-ink-soft"> · {discountLabel(rule)}</span>}
          </p>
          <button
            type="button"
            onClick={() => {
              reset();
              onRemove();
            }}
            aria-label={`Remove the discount code ${applied}`}
            className="inline-flex h-9 shrink-0 items-center gap-1 rounded-full px-3 text-sm font-semibold text-ink-soft hover:bg-sand hover:text-ink"
          >
            <X aria-hidden="true" className="size-4" />
            Remove
          </button>
        </div>
        <div aria-live="polite">
          <FieldError message={problem} icon />
        </div>
      </div>
    );
  }

  const submit = handleSubmit(async ({ discountCode }) => {
    try {
      await onApply(discountCode);
    } catch (error) {
      setError('discountCode', { message: codeErrorOf(error) });
    }
  });

  return (
    <form noValidate onSubmit={submit} className="mt-4">
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        Discount code
      </label>
      <div className="mt-1.5 flex gap-2">
        <Input
          id={id}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={errors.discountCode ? true : undefined}
          aria-describedby={errors.discountCode ? `${id}-error` : undefined}
          className="h-11 min-w-0 flex-1 font-mono uppercase placeholder:font-sans placeholder:normal-case"
          placeholder="Enter a code"
          {...register('discountCode')}
        />
        <Button type="submit" variant="secondary" className="rounded-xl" disabled={isSubmitting}>
          {isSubmitting && <Spinner className="size-4" />}
          Apply
        </Button>
      </div>
      <FieldError id={`${id}-error`} message={errors.discountCode?.message} icon />
    </form>
  );
}
