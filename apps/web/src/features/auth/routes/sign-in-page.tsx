import { PAGE_HEADS, SignInSchema } from '@habi/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../components/layout/use-document-title.ts';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../lib/paths.ts';
import { RETURN_PARAM, withReturn } from '../../../lib/return-to.ts';
import { useSignIn } from '../api/sign-in.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { CredentialFields } from '../components/credential-fields.tsx';
import { GuestOnly } from '../components/guest-only.tsx';
import { useAuthSubmit } from '../hooks/use-auth-submit.ts';

/** /sign-in. */
export default function SignInPage() {
  useDocumentTitle(PAGE_HEADS['/sign-in'].title);
  return (
    <GuestOnly>
      <SignInForm />
    </GuestOnly>
  );
}

function SignInForm() {
  const signIn = useSignIn();
  const [search] = useSearchParams();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(SignInSchema), defaultValues: { email: '', password: '' } });
  const submit = useAuthSubmit({
    send: signIn.mutateAsync,
    reset,
    failure: 'Sign In failed. Please try again.',
  });

  return (
    <AuthCard
      title="Sign In"
      subtitle="Please input valid credentials."
      footer={
        <div className="flex items-center justify-between gap-4">
          <Link
            to={withReturn(paths.signUp, search.get(RETURN_PARAM))}
            className="font-semibold text-ink underline-offset-4 hover:underline"
          >
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
      <form noValidate onSubmit={handleSubmit(submit)} className="flex flex-col gap-5">
        <CredentialFields register={register} errors={errors} passwordAutoComplete="current-password" />
        <Link
          to={paths.forgotPassword}
          className="-mt-2 self-end text-sm font-semibold text-ink-soft underline-offset-4 hover:text-ink hover:underline"
        >
          Forgot your password?
        </Link>
        <Button type="submit" size="lg" pending={isSubmitting} className="mt-2 w-full">
          Sign In
        </Button>
      </form>
    </AuthCard>
  );
}
