import { NEWSLETTER_DISCOUNT_PERCENT, PAGE_HEADS } from '@habi/shared';
import { useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LinkPending, LinkResult, leadClass, ShopLink } from '../../../components/layout/link-result.tsx';
import { useDocumentTitle } from '../../../components/layout/use-document-title.ts';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { linkToken, useConfirmSubscription } from '../api/newsletter.ts';
import { BadLink } from './bad-link.tsx';

/** The welcome code, large, with a button that copies it (or selects it where copying is not allowed). */
function CodeBox({ code }: { code: string }) {
  const text = useRef<HTMLSpanElement>(null);
  const select = () => {
    const selection = window.getSelection();
    if (text.current && selection) selection.selectAllChildren(text.current);
  };
  return (
    <div className="flex w-full max-w-sm items-center justify-between gap-3 rounded-2xl border-2 border-dashed border-accent bg-white py-2.5 pr-2.5 pl-5">
      <span
        ref={text}
        className="min-w-0 font-mono text-lg font-bold tracking-wider whitespace-nowrap text-ink sm:text-xl"
      >
        {code}
      </span>
      <CopyButton text={code} what="code" onRefused={select} className="h-10 gap-2 px-4" />
    </div>
  );
}

/**
 * /newsletter/confirm?token=: the confirmation mail's link. Opening it subscribes the address
 * and shows its welcome code (mailed too); opening it again shows the same.
 */
export default function ConfirmPage() {
  useDocumentTitle(PAGE_HEADS['/newsletter/confirm'].title);
  const [search] = useSearchParams();
  const token = linkToken(search.get('token'));
  const confirmed = useConfirmSubscription(token);

  if (token === null) return <BadLink />;
  if (confirmed.isPending) return <LinkPending label="Confirming your subscription..." />;
  if (confirmed.isError) return <BadLink message={errorMessage(confirmed.error)} />;

  const { email, code, codeUsed } = confirmed.data;
  return (
    <LinkResult eyebrow="Newsletter" title="You are subscribed">
      <p className={leadClass}>
        Thank you! The newsletter will come to <strong className="font-semibold text-ink">{email}</strong>.
      </p>
      {codeUsed ? (
        <p className={leadClass}>
          Your welcome code <strong className="font-mono font-semibold text-ink">{code}</strong> has been used
          already, on an earlier order. It is one per address.
        </p>
      ) : (
        <>
          <p className={leadClass}>Here is your code for {NEWSLETTER_DISCOUNT_PERCENT}% off one order:</p>
          <CodeBox code={code} />
          <p className="text-sm leading-relaxed text-muted text-pretty">
            Enter it in your cart before you check out. It works once, for the account with this email
            address:{' '}
            <Link to={paths.signIn} className="font-semibold text-accent underline underline-offset-4">
              sign in
            </Link>{' '}
            or{' '}
            <Link to={paths.signUp} className="font-semibold text-accent underline underline-offset-4">
              create your account
            </Link>{' '}
            with it. We have mailed it to you too.
          </p>
        </>
      )}
      <ShopLink />
    </LinkResult>
  );
}
