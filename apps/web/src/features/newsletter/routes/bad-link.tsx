import { NEWSLETTER_MESSAGES } from '@habi/shared';
import { LinkResult, leadClass, ShopLink } from '../../../components/layout/link-result.tsx';

/** A mailed link that is broken, expired or no longer valid: what to do instead. */
export function BadLink({ message = NEWSLETTER_MESSAGES.badLink }: { message?: string }) {
  return (
    <LinkResult eyebrow="Newsletter" title="This link does not work">
      <p className={leadClass}>{message}</p>
      <ShopLink>Go to the shop</ShopLink>
    </LinkResult>
  );
}
