import type { ReactNode } from 'react';
import { button, colours, MailLayout, paragraph, type RenderedMail, renderHtml } from './layout.tsx';

/** The links a newsletter mail carries. */
export interface NewsletterLinks {
  /** The page that unsubscribes the address in one click. */
  unsubscribeUrl: string;
}

function Footer({ storeName, unsubscribeUrl }: { storeName: string; unsubscribeUrl: string }) {
  return (
    <>
      You receive this mail because this address was entered in the newsletter box at {storeName}.{' '}
      <a href={unsubscribeUrl} style={{ color: colours.muted }}>
        Unsubscribe
      </a>
    </>
  );
}

function newsletterMail(
  storeName: string,
  subject: string,
  links: NewsletterLinks,
  body: ReactNode,
  text: string[],
): RenderedMail {
  const footer = `You receive this mail because this address was entered in the newsletter box at ${storeName}.`;
  const html = renderHtml(
    <MailLayout
      storeName={storeName}
      title={subject}
      footer={<Footer storeName={storeName} unsubscribeUrl={links.unsubscribeUrl} />}
    >
      {body}
    </MailLayout>,
  );
  return {
    subject,
    html,
    text: [storeName, '', ...text, '', footer, `Unsubscribe: ${links.unsubscribeUrl}`].join('\n'),
  };
}

/** Double opt-in: the address is subscribed once its owner follows the link. */
export function confirmSubscriptionMail(
  storeName: string,
  {
    confirmUrl,
    percent,
    validDays,
    ...links
  }: NewsletterLinks & { confirmUrl: string; percent: number; validDays: number },
): RenderedMail {
  const ask = `Please confirm that you want ${storeName}'s newsletter at this address. Once you do, we send you a code for ${percent}% off, if this address has not had one before.`;
  const ignore = `If you did not ask for it, ignore this mail and nothing more will come. The link works for ${validDays} days.`;
  return newsletterMail(
    storeName,
    `Confirm your subscription to ${storeName}`,
    links,
    <>
      <p style={paragraph}>{ask}</p>
      <p style={{ ...paragraph, margin: '24px 0' }}>
        <a href={confirmUrl} style={button}>
          Confirm my subscription
        </a>
      </p>
      <p style={{ ...paragraph, fontSize: 13, color: colours.inkSoft }}>{ignore}</p>
    </>,
    [ask, '', `Confirm: ${confirmUrl}`, '', ignore],
  );
}

/** The welcome code, mailed once per address on its first confirmation. */
export function welcomeCodeMail(
  storeName: string,
  { code, percent, shopUrl, ...links }: NewsletterLinks & { code: string; percent: number; shopUrl: string },
): RenderedMail {
  const thanks = `Thank you for subscribing. Here is your code for ${percent}% off one order:`;
  const how =
    'Enter it in your cart before you check out. It works once, for the account with this email address.';
  return newsletterMail(
    storeName,
    `Your ${percent}% off code from ${storeName}`,
    links,
    <>
      <p style={paragraph}>{thanks}</p>
      <p
        style={{
          ...paragraph,
          padding: '14px 18px',
          border: `2px dashed ${colours.accent}`,
          borderRadius: 10,
          fontSize: 20,
          fontWeight: 700,
          letterSpacing: 1,
          textAlign: 'center',
          whiteSpace: 'nowrap',
        }}
      >
        {code}
      </p>
      <p style={paragraph}>{how}</p>
      <p style={{ ...paragraph, margin: '24px 0' }}>
        <a href={shopUrl} style={button}>
          Shop now
        </a>
      </p>
    </>,
    [thanks, '', code, '', how, '', `Shop now: ${shopUrl}`],
  );
}
