import { PAGE_HEADS } from '@habi/shared';
import { useSearchParams } from 'react-router';
import { LinkPending, LinkResult, leadClass, ShopLink } from '../../../components/layout/link-result.tsx';
import { useDocumentTitle } from '../../../components/layout/use-document-title.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { linkToken, useUnsubscribe } from '../api/newsletter.ts';
import { BadLink } from './bad-link.tsx';

/** /newsletter/unsubscribe?token=: every newsletter mail's link; opening it unsubscribes, no sign-in. */
export default function UnsubscribePage() {
  useDocumentTitle(PAGE_HEADS['/newsletter/unsubscribe'].title);
  const [search] = useSearchParams();
  const token = linkToken(search.get('token'));
  const unsubscribed = useUnsubscribe(token);

  if (token === null) return <BadLink />;
  if (unsubscribed.isPending) return <LinkPending label="Unsubscribing..." />;
  if (unsubscribed.isError) return <BadLink message={errorMessage(unsubscribed.error)} />;
  return (
    <LinkResult eyebrow="Newsletter" title="You are unsubscribed">
      <p className={leadClass}>We will send no more newsletter mail to this address.</p>
      <p className="text-sm leading-relaxed text-muted text-pretty">
        Changed your mind? Subscribe again with the box at the foot of any page.
      </p>
      <ShopLink />
    </LinkResult>
  );
}
