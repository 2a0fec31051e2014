import { TRANSFER_ACCOUNT_KIND_LABELS, type TransferAccount } from '@habi/shared';

/** The shop's accounts a transfer may go to: kind, bank, name, number and QR code if any. */
export function TransferAccounts({ accounts }: { accounts: readonly TransferAccount[] }) {
  if (accounts.length === 0) {
    return <p className="text-sm text-muted">Our account details are in your order confirmation email.</p>;
  }
  return (
    <ul aria-label="Our accounts" className="flex flex-col gap-3">
      {accounts.map((account) => (
        <li
          key={account.id}
          className="flex flex-col gap-3 rounded-xl border border-line px-4 py-3 sm:flex-row sm:items-center"
        >
          <dl className="grid min-w-0 flex-1 grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
            <dt className="text-muted">Pay with</dt>
            <dd className="font-semibold">
              {TRANSFER_ACCOUNT_KIND_LABELS[account.kind]}
              {account.kind === 'bank' && account.bankName ? ` · ${account.bankName}` : ''}
            </dd>
            <dt className="text-muted">Account name</dt>
            <dd className="break-words">{account.accountName}</dd>
            <dt className="text-muted">Number</dt>
            <dd className="font-mono font-semibold break-all">{account.accountNumber}</dd>
          </dl>
          {account.qrImageUrl && (
            <img
              src={account.qrImageUrl}
              alt={`QR code for ${TRANSFER_ACCOUNT_KIND_LABELS[account.kind]} ${account.accountNumber}`}
              width={128}
              height={128}
              loading="lazy"
              className="size-32 shrink-0 self-center rounded-lg border border-line bg-white object-contain"
            />
          )}
        </li>
      ))}
    </ul>
  );
}
