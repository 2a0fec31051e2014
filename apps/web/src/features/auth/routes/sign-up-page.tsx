import { PAGE_HEADS, SignUpSchema } from '@habi/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../components/layout/use-document-title.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/field.tsx';
import { PhoneField } from '../../../components/ui/phone-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { RETURN_PARAM, withReturn } from '../../../lib/return-to.ts';
import { useSignUp } from '../api/sign-up.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { CredentialFields } from '../components/credential-fields.tsx';
import { GuestOnly } from '../components/guest-only.tsx';
import { useAuthSubmit } from '../hooks/use-auth-submit.ts';

const FIELDS = ['name', 'contactNumber', 'email', 'password'] as const;

/** /sign-up. */
export default function SignUpPage() {
  useDocumentTitle(PAGE_HEADS['/sign-up'].title);
  return (
    <GuestOnly>
      <SignUpForm />
    </GuestOnly>
  );
}

function SignUpForm() {
  const signUp = useSignUp();
  const [search] = useSearchParams();
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
  const submit = useAuthSubmit({
    send: signUp.mutateAsync,
    // A taken email (409) or a refused field also shows under its field.
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      for (const field of FIELDS) {
        const message = error.errors[field];
        if (message) setError(field, { message });
      }
    },
    reset,
    failure: 'Sign Up failed. Please try again.',
  });

  return (
    <AuthCard
      title="Sign Up"
      subtitle="Please input valid credentials."
      footer={
        <p className="text-center text-muted">
          Already have an account?{' '}
          <Link
            to={withReturn(paths.signIn, search.get(RETURN_PARAM))}
            className="font-semibold text-ink underline underline-offset-4 hover:text-accent"
          >
            Sign In here.
          </Link>
        </p>
      }
    >
      <form noValidate onSubmit={handleSubmit(submit)} className="flex flex-col gap-5">
        <Field label="Name" error={errors.name?.message} icon>
          {({ control }) => (
            <Input {...control} autoComplete="name" placeholder="Maria Santos" {...register('name')} />
          )}
        </Field>
        <PhoneField
          label="Contact Number"
          error={errors.contactNumber?.message}
          icon
          control={control}
          name="contactNumber"
        />
        <CredentialFields register={register} errors={errors} passwordAutoComplete="new-password" />
        <Button type="submit" size="lg" pending={isSubmitting} className="mt-2 w-full">
          Sign Up
        </Button>
      </form>
    </AuthCard>
  );
}
