import { PAGE_HEADS, PASSWORD_MESSAGES, ResetPasswordSchema } from '@habi/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../components/layout/use-document-title.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { Loading } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { resetToken, useResetLink, useResetPassword } from '../api/reset-password.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { useAuthSubmit } from '../hooks/use-auth-submit.ts';

const NewPasswordSchema = ResetPasswordSchema.pick({ password: true });

/** A link the server refuses: a broken or tampered one (400), or one used or expired (404). */
const isBadLink = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400) && !error.errors.password;

/**
 * /reset-password?token=: the mailed link. A link that works asks for the new password, which
 * signs the shopper in; any other says to ask for a new link.
 */
export default function ResetPasswordPage() {
  useDocumentTitle(PAGE_HEADS['/reset-password'].title);
  const [search] = useSearchParams();
  const token = resetToken(search.get('token'));
  const link = useResetLink(token);
  // Set when the link stops working while the page is open (used meanwhile, or expired).
  const [broken, setBroken] = useState(false);

  if (token === null || broken || (link.isError && isBadLink(link.error))) return <BadLink />;
  if (link.isError) return <BadLink message={link.error.message} />;
  if (link.isPending) return <Loading className="min-h-[32rem]" />;
  return <NewPasswordForm token={token} email={link.data.email} onBroken={() => setBroken(true)} />;
}

function NewPasswordForm({ token, email, onBroken }: { token: string; email: string; onBroken(): void }) {
  const resetPassword = useResetPassword();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(NewPasswordSchema), defaultValues: { password: '' } });
  const submit = useAuthSubmit({
    send: ({ password }: { password: string }) => resetPassword.mutateAsync({ token, password }),
    onError: (error) => {
      if (isBadLink(error)) onBroken();
      else if (error instanceof ApiError && error.errors.password) {
        setError('password', { message: error.errors.password });
      }
    },
    reset,
    failure: 'Sign In failed. Please try again.',
  });

  return (
    <AuthCard
      title="Set a new password"
      subtitle={`For the account ${email}. Once it is set, every other session is signed out.`}
      footer={
        <p className="text-center text-muted">
          <Link
            to={paths.signIn}
            className="font-semibold text-ink underline underline-offset-4 hover:text-accent"
          >
            Back to Sign In
          </Link>
        </p>
      }
    >
      <form noValidate onSubmit={handleSubmit(submit)} className="flex flex-col gap-5">
        {/* The account's address, for password managers to save the new password under. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <Field label="New password" error={errors.password?.message} icon>
          {({ control }) => (
            <PasswordInput {...control} autoComplete="new-password" {...register('password')} />
          )}
        </Field>
        <Button type="submit" size="lg" pending={isSubmitting} className="mt-2 w-full">
          Set password and sign in
        </Button>
      </form>
    </AuthCard>
  );
}

/** What to do with a link that does not work: ask for a new one. */
function BadLink({ message = PASSWORD_MESSAGES.badLink }: { message?: string }) {
  return (
    <AuthCard
      title="This link does not work"
      subtitle={message}
      footer={
        <p className="text-center text-muted">
          <Link
            to={paths.signIn}
            className="font-semibold text-ink underline underline-offset-4 hover:text-accent"
          >
            Back to Sign In
          </Link>
        </p>
      }
    >
      <Button asChild size="lg" className="w-full">
        <Link to={paths.forgotPassword}>Ask for a new link</Link>
      </Button>
    </AuthCard>
  );
}
