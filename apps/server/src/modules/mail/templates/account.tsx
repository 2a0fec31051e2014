import { button, colours, MailLayout, paragraph, type RenderedMail, renderHtml } from './layout.tsx';

const FOOTER = 'You receive this mail because it is about your account at';

/** A mail about the reader's account: a few paragraphs, maybe a button, the same in text. */
function accountMail(
  storeName: string,
  subject: string,
  paragraphs: string[],
  action?: { label: string; url: string; after: string },
): RenderedMail {
  const footer = `${FOOTER} ${storeName}.`;
  const html = renderHtml(
    <MailLayout storeName={storeName} title={subject} footer={footer}>
      {paragraphs.map((text) => (
        <p key={text} style={paragraph}>
          {text}
        </p>
      ))}
      {action && (
        <>
          <p style={{ ...paragraph, margin: '24px 0' }}>
            <a href={action.url} style={button}>
              {action.label}
            </a>
          </p>
          <p style={{ ...paragraph, fontSize: 13, color: colours.inkSoft }}>{action.after}</p>
        </>
      )}
    </MailLayout>,
  );
  const actionText = action ? ['', `${action.label}: ${action.url}`, '', action.after] : [];
  return {
    subject,
    html,
    text: [storeName, '', ...paragraphs.flatMap((p) => [p, '']), ...actionText, '', footer].join('\n'),
  };
}

/** The link to set a new password, asked for on the sign-in page. */
export function passwordResetMail(
  storeName: string,
  { resetUrl, validMinutes }: { resetUrl: string; validMinutes: number },
): RenderedMail {
  return accountMail(
    storeName,
    `Set a new password for ${storeName}`,
    ['Someone, hopefully you, asked to set a new password for the account with this email address.'],
    {
      label: 'Set a new password',
      url: resetUrl,
      after: `The link works once, for ${validMinutes} minutes. If you did not ask for it, ignore this mail: your password stays as it is.`,
    },
  );
}

/**
 * Told after any change of the password, so its owner learns of one they did not make. A
 * customer gets the link to set a new one; an admin, who has none, is asked to tell the owner.
 */
export function passwordChangedMail(
  storeName: string,
  { forgotUrl, signedOut }: { forgotUrl?: string; signedOut: 'all' | 'others' },
): RenderedMail {
  const told = [
    'The password of your account was just changed.',
    signedOut === 'all'
      ? 'Every session signed in to your account was signed out.'
      : 'Every other session signed in to your account was signed out.',
  ];
  const subject = `Your ${storeName} password was changed`;
  if (!forgotUrl) {
    return accountMail(storeName, subject, [
      ...told,
      "If you did not change it, tell the store's owner at once.",
    ]);
  }
  return accountMail(storeName, subject, told, {
    label: 'Set a new password',
    url: forgotUrl,
    after: 'If you did not change it, set a new password now with this link and check your account.',
  });
}
