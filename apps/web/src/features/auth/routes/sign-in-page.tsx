import { SignInSchema } from '@habi/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { useDocumentTitle } from '../../../components/layout/use-document-title.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/field.tsx';
import { Loading, Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { useAuth } from '../../../lib/session.ts';
import { recheckSession } from '../api/recheck-session.ts';
import { useSignIn } from '../api/sign-in.ts';
import { AuthCard, AuthLoading } from '../components/auth-card.tsx';
import { PasswordInput } from '../components/password-input.tsx';

/** /sign-in. */
export default function SignInPage() {
  useDocumentTitle('Sign In');
  const { isAuthenticated, isLoading } = useAuth();
  if (isLoading) {
    return (
      <AuthLoading>
        <Loading />
      </AuthLoading>
    );
  }
  if (isAuthenticated) return <Navigate to={paths.user} replace />;
  return <SignInForm />;
}

function SignInForm() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const signIn = useSignIn();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(SignInSchema), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { message } = await signIn.mutateAsync(values);
      toast.success(message);
    } catch (error) {
      toast.error(errorMessage(error));
      return;
    }
    if (await recheckSession(queryClient)) {
      reset();
      await navigate(paths.user, { replace: true });
    } else {
      toast.error('Sign In failed. Please try again.');
    }
  });

  return (
    <AuthCard
      title="Sign In"
      subtitle="Please input valid credentials."
      footer={
        <div className="flex items-center justify-between gap-4">
          <Link to={paths.signUp} className="font-semibold text-ink underline-offset-4 hover:underline">
            Don't have an account?
          </Link>
          <Link
            to={paths.admin.home}
            className="text-muted underline-offset-4 hover:text-ink hover:underline"
          >
            Admin
          </Link>
        </div>
      }
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
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
            <PasswordInput {...control} autoComplete="current-password" {...register('password')} />
          )}
        </Field>
        <Button type="submit" size="lg" disabled={isSubmitting} className="mt-2 w-full">
          {isSubmitting ? (
            <>
              <Spinner />
              Loading...
            </>
          ) : (
            'Sign In'
          )}
        </Button>
      </form>
    </AuthCard>
  );
}
