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

/** The link that proves an address: a new account's own, or the one a customer changes to. */
export function verifyEmailMail(
  storeName: string,
  { name, url, validHours, change }: { name: string; url: string; validHours: number; change: boolean },
): RenderedMail {
  return change
    ? accountMail(
        storeName,
        `Confirm your new email address for ${storeName}`,
        [`Hi ${name}, you asked to use this address for your account. It changes when you confirm it.`],
        {
          label: 'Confirm this address',
          url,
          after: `The link works for ${validHours} hours. If you did not ask for this, ignore this mail: nothing changes.`,
        },
      )
    : accountMail(
        storeName,
        `Verify your email address for ${storeName}`,
        [
          `Hi ${name}, welcome! Please verify that this address is yours.`,
          'You can shop and get your order mail before you do; a newsletter welcome code for this address is yours once it is verified.',
        ],
        {
          label: 'Verify my email address',
          url,
          after: `The link works for ${validHours} hours. If you did not create an account, ignore this mail.`,
        },
      );
}

/** Told to the old address when an account's address changes, so its owner learns of one they did not make. */
export function emailChangedMail(storeName: string, { newEmail }: { newEmail: string }): RenderedMail {
  return accountMail(storeName, `Your ${storeName} email address was changed`, [
    `The email address of your account was changed to ${newEmail}, confirmed from a link mailed there. Mail about your account and orders goes there from now on, and signing in takes the new address.`,
    "If you did not change it, your account may be in someone else's hands: write to the store at once.",
  ]);
}

/** The owner's invite to the back office: the link sets the invitee's username and password. */
export function staffInviteMail(
  storeName: string,
  {
    name,
    roleLabel,
    inviteUrl,
    validDays,
  }: { name: string; roleLabel: string; inviteUrl: string; validDays: number },
): RenderedMail {
  return accountMail(
    storeName,
    `You are invited to the ${storeName} back office`,
    [
      `Hello ${name},`,
      `You are invited to help run ${storeName} as ${roleLabel}. Choose a username and a password to open your account.`,
    ],
    {
      label: 'Accept the invite',
      url: inviteUrl,
      after: `The link works once, for ${validDays} days. If you did not expect it, ignore this mail.`,
    },
  );
}
