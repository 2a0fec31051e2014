import { AdminChangePasswordSchema, ChangePasswordSchema } from '@habi/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { type AccountKind, useChangePassword } from '../../lib/account-security.ts';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { toast } from '../../lib/toast.ts';
import { Button } from '../ui/button.tsx';
import { Field } from '../ui/field.tsx';
import { PasswordInput } from '../ui/password-input.tsx';

import { LOOKS } from './looks.ts';

const FIELDS = ['currentPassword', 'password'] as const;

/**
 * Changing the password with the current one, for a customer or an admin (whose forms word the
 * minimum their own way); the other sessions are signed out.
 */
export function ChangePassword({ who, className }: { who: AccountKind; className?: string }) {
  const titleId = useId();
  const change = useChangePassword(who);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(who === 'users' ? ChangePasswordSchema : AdminChangePasswordSchema),
    defaultValues: { currentPassword: '', password: '' },
  });

  const submit = async (values: { currentPassword: string; password: string }) => {
    try {
      const { message } = await change.mutateAsync(values);
      toast.success(message);
      reset();
    } catch (error) {
      toast.error(errorMessage(error));
      if (!(error instanceof ApiError)) return;
      for (const field of FIELDS) {
        const message = error.errors[field];
        if (message) setError(field, { message });
      }
    }
  };

  return (
    <section aria-labelledby={titleId} className={cn(LOOKS[who].section, className)}>
      <h2 id={titleId} className={LOOKS[who].title}>
        Password
      </h2>
      <p className={LOOKS[who].lead}>Changing it signs you out everywhere but here.</p>
      <form noValidate onSubmit={handleSubmit(submit)} className="mt-6 flex flex-col gap-5">
        <Field label="Current password" error={errors.currentPassword?.message} icon>
          {({ control }) => (
            <PasswordInput {...control} autoComplete="current-password" {...register('currentPassword')} />
          )}
        </Field>
        <Field label="New password" error={errors.password?.message} icon>
          {({ control }) => (
            <PasswordInput {...control} autoComplete="new-password" {...register('password')} />
          )}
        </Field>
        <Button type="submit" size="lg" pending={isSubmitting} className="sm:self-start">
          Change password
        </Button>
      </form>
    </section>
  );
}
