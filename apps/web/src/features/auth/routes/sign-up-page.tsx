import { SignUpSchema } from '@habi/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { useDocumentTitle } from '../../../components/layout/use-document-title.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/field.tsx';
import { PhoneInput } from '../../../components/ui/phone-input.tsx';
import { Loading, Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { useAuth } from '../../../lib/session.ts';
import { recheckSession } from '../api/recheck-session.ts';
import { useSignUp } from '../api/sign-up.ts';
import { AuthCard, AuthLoading } from '../components/auth-card.tsx';
import { PasswordInput } from '../components/password-input.tsx';

const FIELDS = ['name', 'contactNumber', 'email', 'password'] as const;

/** /sign-up. */
export default function SignUpPage() {
  useDocumentTitle('Sign Up');
  const { isAuthenticated, isLoading } = useAuth();
  if (isLoading) {
    return (
      <AuthLoading>
        <Loading />
      </AuthLoading>
    );
  }
  if (isAuthenticated) return <Navigate to={paths.user} replace />;
  return <SignUpForm />;
}

function SignUpForm() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const signUp = useSignUp();
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(SignUpSchema),
    defaultValues: { name: '', contactNumber: '', email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { message } = await signUp.mutateAsync(values);
      toast.success(message);
    } catch (error) {
      toast.error(errorMessage(error));
      // A taken email (409) or a refused field also shows under its field.
      if (error instanceof ApiError) {
        for (const field of FIELDS) {
          const message = error.errors[field];
          if (message) setError(field, { message });
        }
      }
      return;
    }
    if (await recheckSession(queryClient)) {
      reset();
      await navigate(paths.user, { replace: true });
    } else {
      toast.error('Sign Up failed. Please try again.');
    }
  });

  return (
    <AuthCard
      title="Sign Up"
      subtitle="Please input valid credentials."
      footer={
        <p className="text-center text-muted">
          Already have an account?{' '}
          <Link
            to={paths.signIn}
            className="font-semibold text-ink underline underline-offset-4 hover:text-accent"
          >
            Sign In here.
          </Link>
        </p>
      }
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        <Field label="Name" error={errors.name?.message} icon>
          {({ control }) => (
            <Input {...control} autoComplete="name" placeholder="Maria Santos" {...register('name')} />
          )}
        </Field>
        <Field label="Contact Number" error={errors.contactNumber?.message} icon>
          {({ id, describedBy, invalid }) => (
            <Controller
              control={control}
              name="contactNumber"
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
            <PasswordInput {...control} autoComplete="new-password" {...register('password')} />
          )}
        </Field>
        <Button type="submit" size="lg" disabled={isSubmitting} className="mt-2 w-full">
          {isSubmitting ? (
            <>
              <Spinner />
              Loading...
            </>
          ) : (
            'Sign Up'
          )}
        </Button>
      </form>
    </AuthCard>
  );
}
