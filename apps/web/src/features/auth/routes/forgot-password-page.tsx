import { ForgotPasswordSchema, PAGE_HEADS } from '@habi/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../components/layout/use-document-title.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useForgotPassword } from '../api/forgot-password.ts';
import { AuthCard } from '../components/auth-card.tsx';

/** /forgot-password: mails the account's address a link to set a new password. */
export default function ForgotPasswordPage() {
  useDocumentTitle(PAGE_HEADS['/forgot-password'].title);
  const forgot = useForgotPassword();
  const [sent, setSent] = useState<{ message: string; email: string } | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(ForgotPasswordSchema), defaultValues: { email: '' } });

  const submit = async (values: { email: string }) => {
    try {
      const { message } = await forgot.mutateAsync(values);
      setSent({ message, email: values.email });
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter the email address of your account and we will mail you a link to set a new one."
      footer={
        <p className="text-center text-muted">
          Remembered it?{' '}
          <Link
            to={paths.signIn}
            className="font-semibold text-ink underline underline-offset-4 hover:text-accent"
          >
            Sign In here.
          </Link>
        </p>
      }
    >
      {/* Always in the page, so screen readers announce the answer when it arrives. */}
      <div role="status">
        {sent && (
          <div className="flex gap-3 rounded-xl bg-sand p-4 text-sm leading-relaxed text-ink-soft">
            <MailCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-ink" />
            <div>
              <p>{sent.message}</p>
              <p className="mt-2">
                Nothing at <strong className="font-semibold text-ink break-all">{sent.email}</strong>? Look in
                your spam folder, or check the address and ask again.
              </p>
            </div>
          </div>
        )}
      </div>
      {!sent && (
        <form noValidate onSubmit={handleSubmit(submit)} className="flex flex-col gap-5">
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
          <Button type="submit" size="lg" pending={isSubmitting} className="mt-2 w-full">
            Send me a link
          </Button>
        </form>
      )}
      {sent && (
        <button
          type="button"
          onClick={() => setSent(null)}
          className="mt-4 text-sm font-semibold text-ink underline underline-offset-4 hover:text-accent"
        >
          Use another address
        </button>
      )}
    </AuthCard>
  );
}
