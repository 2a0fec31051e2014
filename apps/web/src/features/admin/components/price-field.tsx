import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { Field } from '../../../components/ui/field.tsx';
import { PriceInput } from './price-input.tsx';

/**
 * A product form's Price: the peso input under its label and message, kept in the form's
 * `price` field as shown ("₱1,299.00"). `defaultValue` is the stored amount an edit starts from.
 */
export function PriceField<TInput extends FieldValues & { price: string }, TOutput>({
  control,
  error,
  defaultValue,
}: {
  control: Control<TInput, unknown, TOutput>;
  error: string | undefined;
  /** The starting amount, "1299.00". */
  defaultValue?: string;
}) {
  return (
    <Field label="Price" error={error}>
      {({ id, describedBy, invalid }) => (
        <Controller
          control={control}
          name={'price' as Path<TInput>}
          render={({ field }) => (
            <PriceInput
              id={id}
              name={field.name}
              defaultValue={defaultValue}
              onChange={field.onChange}
              onBlur={field.onBlur}
              invalid={invalid}
              describedBy={describedBy}
            />
          )}
        />
      )}
    </Field>
  );
}
