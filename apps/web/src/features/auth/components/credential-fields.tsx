import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field, Input } from '../../../components/ui/field.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';

interface CredentialFieldsProps {
  /**
   * The form's `register`, called as each field renders: react-hook-form focuses the first
   * invalid field in the order fields registered, which must stay the order on the page.
   */
  register(name: 'email' | 'password'): UseFormRegisterReturn;
  errors: { email?: { message?: string }; password?: { message?: string } };
  /** Tells password managers to fill the saved password or to offer a new one. */
  passwordAutoComplete: 'current-password' | 'new-password';
}

/** Email and password, the fields the sign-in and the sign-up form both end with. */
export function CredentialFields({ register, errors, passwordAutoComplete }: CredentialFieldsProps) {
  return (
    <>
      <Field label="Email" error={errors.email?.message} icon>
        {({ control }) => (
          <Input
            {...control}
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            {...register('email')}
          />
        )}
      </Field>
      <Field label="Password" error={errors.password?.message} icon>
        {({ control }) => (
          <PasswordInput {...control} autoComplete={passwordAutoComplete} {...register('password')} />
        )}
      </Field>
    </>
  );
}
