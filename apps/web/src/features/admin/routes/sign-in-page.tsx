import { type AdminSignInInput, AdminSignInSchema } from '@habi/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router';
import { useDocumentTitle } from '../../../components/layout/use-document-title.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/field.tsx';
import { Loading } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { currentAdminQuery, useAdminAuth } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { useAdminSignIn } from '../api/admin-session.ts';
import { BackOfficeCard } from '../components/back-office-card.tsx';
import { landingFor } from '../lib/access.tsx';

/** The toast telling a failed attempt: one at a time, taken away by a success. */
const FAILED_TOAST = 'admin-sign-in-failed';

/** Admin sign-in: username and password, then a re-check of the admin session. */
export default function SignInPage() {
  useDocumentTitle('Admin Sign In');
  const { isAuthenticated, isLoading } = useAdminAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signIn = useAdminSignIn();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<AdminSignInInput>({
    resolver: zodResolver(AdminSignInSchema),
    defaultValues: { username: '', password: '' },
  });

  if (isLoading) return <Loading className="min-h-dvh" />;
  if (isAuthenticated && !signIn.isPending) return <Navigate to={paths.admin.home} replace />;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { message } = await signIn.mutateAsync(values);
      // Re-check the admin session; only a confirmed admin goes in.
      const admin = await queryClient.fetchQuery({ ...currentAdminQuery, staleTime: 0 });
      if (admin) {
        // An earlier attempt's failure no longer holds: it would stay over the back office.
        toast.dismiss(FAILED_TOAST);
        toast.success(message);
        // The owner's morning page (the products list, /admin, is one click away); a role
        // without sales figures starts on the orders.
        void navigate(landingFor(admin.role), { replace: true });
      } else {
        toast.error('Sign Up failed. Please try again.', FAILED_TOAST);
      }
    } catch (error) {
      toast.error(errorMessage(error), FAILED_TOAST);
    }
  });

  return (
    <BackOfficeCard
      before={
        <Link
          to={paths.signIn}
          className="absolute top-4 left-4 inline-flex h-11 items-center gap-2 rounded-full px-4 text-sm font-semibold text-ink-soft hover:bg-sand hover:text-ink"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back
        </Link>
      }
    >
      <h1 className="mt-3 text-3xl font-semibold">Welcome back, Admin!</h1>
      <p className="mt-1 text-sm text-muted">Sign in to manage products, orders and users.</p>
      <form noValidate onSubmit={onSubmit} className="mt-6 flex flex-col gap-4">
        <Field label="Username" error={errors.username?.message}>
          {({ control }) => <Input {...control} autoComplete="username" {...register('username')} />}
        </Field>
        <Field label="Password" error={errors.password?.message}>
          {({ control }) => (
            <Input {...control} type="password" autoComplete="current-password" {...register('password')} />
          )}
        </Field>
        <Button type="submit" size="lg" className="mt-2 w-full rounded-xl" pending={signIn.isPending}>
          Sign In
        </Button>
      </form>
    </BackOfficeCard>
  );
}
