import { type Control, Controller, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { Field } from './field.tsx';
import { PhoneInput } from './phone-input.tsx';

interface PhoneFieldProps<T extends FieldValues> {
  label: string;
  error?: string;
  icon?: boolean;
  control: Control<T>;
  /** A form value holding the number as E.164 text. */
  name: FieldPathByValue<T, string>;
}

/** A labelled PhoneInput kept by react-hook-form: it is not a native input, so a Controller drives it. */
export function PhoneField<T extends FieldValues>({ control, name, ...props }: PhoneFieldProps<T>) {
  return (
    <Field {...props}>
      {({ id, describedBy, invalid }) => (
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <PhoneInput
              id={id}
              name={field.name}
              ref={field.ref}
              value={field.value}
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
