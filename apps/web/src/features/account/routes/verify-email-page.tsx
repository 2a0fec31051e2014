import { EMAIL_MESSAGES, PAGE_HEADS } from '@habi/shared';
import { useSearchParams } from 'react-router';
import { LinkPending, LinkResult, leadClass, ShopLink } from '../../../components/layout/link-result.tsx';
import { useDocumentTitle } from '../../../components/layout/use-document-title.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { useAuth } from '../../../lib/session.ts';
import { useFollowVerification, verificationToken } from '../api/verify-email.ts';

/**
 * /verify-email?token=: the link mailed to verify an address, a new account's or a changed one.
 * Opening it verifies (or changes) the address; opening it again shows the same.
 */
export default function VerifyEmailPage() {
  useDocumentTitle(PAGE_HEADS['/verify-email'].title);
  const [search] = useSearchParams();
  const token = verificationToken(search.get('token'));
  const followed = useFollowVerification(token);

  if (token === null) return <BadLink message={EMAIL_MESSAGES.badLink} />;
  if (followed.isPending) return <LinkPending label="Verifying your email address..." />;
  if (followed.isError) return <BadLink message={errorMessage(followed.error)} />;
  return (
    <LinkResult eyebrow="Your account" title="Email address verified">
      <p className={leadClass}>{followed.data.message}</p>
      <p className={leadClass}>
        Mail about your orders goes to{' '}
        <strong className="font-semibold text-ink">{followed.data.email}</strong>.
      </p>
      <ShopLink />
    </LinkResult>
  );
}

/** A link that does not work: where a new one is asked for (the profile, once signed in). */
function BadLink({ message }: { message: string }) {
  const { user } = useAuth();
  return (
    <LinkResult eyebrow="Your account" title="This link does not work">
      <p className={leadClass}>{message}</p>
      <ShopLink to={user ? paths.updateProfile(user.id) : paths.signIn}>
        {user ? 'Go to your profile' : 'Sign in'}
      </ShopLink>
    </LinkResult>
  );
}
