import {
  PAYMENT_MESSAGES,
  type PaymentMethod,
  type PaymentOptions,
  type PaymentSettings,
  type PaymentSettingsFields,
  parseCentavos,
  type TransferAccount,
  type TransferAccountFields,
} from '@habi/shared';
import { asc, eq, getTableColumns } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { paymentSettings, transferAccounts } from '../../db/schema.ts';
import { badInput, conflict, notFound } from '../../lib/errors.ts';

/** How an order is to be paid: its method, when it lapses unpaid, and where a transfer goes. */
export interface PaymentTerms {
  method: PaymentMethod;
  dueBy: string | null;
  accounts: TransferAccount[];
}

type AccountRow = typeof transferAccounts.$inferSelect;
const toAccount = (row: AccountRow): TransferAccount => ({
  id: row.id,
  kind: row.kind,
  bankName: row.bankName,
  accountName: row.accountName,
  accountNumber: row.accountNumber,
  qrImageUrl: row.qrImageUrl,
});

/** How long a read of the settings serves checkouts: another instance sees a change this late. */
const KEPT_MS = 2_000;

/**
 * The shop's payment settings and accounts. `onlineAvailable`: PayMongo's keys are configured,
 * without which online payment is never offered, whatever the setting says. Checkout reads them
 * for every order, so a read is kept for two seconds (a write here drops it at once).
 */
export class PaymentSettingsStore {
  private kept: { at: number; settings: Promise<PaymentSettings> } | null = null;

  constructor(
    private readonly db: Executor,
    readonly onlineAvailable: boolean,
  ) {}

  read(): Promise<PaymentSettings> {
    const now = Date.now();
    if (this.kept && now - this.kept.at < KEPT_MS) return this.kept.settings;
    const settings = this.readNow();
    this.kept = { at: now, settings };
    settings.catch(() => {
      if (this.kept?.settings === settings) this.kept = null;
    });
    return settings;
  }

  private async readNow(): Promise<PaymentSettings> {
    const [[row], accounts] = await Promise.all([
      this.db.select().from(paymentSettings).where(eq(paymentSettings.id, 1)),
      this.db
        .select()
        .from(transferAccounts)
        .orderBy(asc(transferAccounts.createdAt), asc(transferAccounts.id)),
    ]);
    if (!row) throw new Error('payment_settings has no row: run the migrations');
    return {
      codEnabled: row.codEnabled,
      codMaxTotal: row.codMaxTotal,
      transferEnabled: row.transferEnabled,
      transferHours: row.transferHours,
      onlineEnabled: row.onlineEnabled,
      onlineMinutes: row.onlineMinutes,
      onlineAvailable: this.onlineAvailable,
      accounts: accounts.map(toAccount),
    };
  }

  /**
   * The settings kept are read again at the next `read`. The writes below call it, and their
   * callers again once the transaction they gave has committed (a read between the two would
   * otherwise keep what it found before the commit).
   */
  forget(): void {
    this.kept = null;
  }

  /** Saves the settings (in `tx`, when given); `read` answers them. */
  async write(fields: PaymentSettingsFields, tx: Executor = this.db): Promise<void> {
    if (fields.onlineEnabled && !this.onlineAvailable) {
      throw badInput('Set PayMongo’s keys on the server before turning online payment on', {
        onlineEnabled: 'PayMongo is not configured on this server',
      });
    }
    await tx.update(paymentSettings).set(fields).where(eq(paymentSettings.id, 1));
    this.forget();
  }

  /** The methods a shopper may choose now: turned on, transfers with an account to send to. */
  async options(): Promise<PaymentOptions> {
    const settings = await this.read();
    return {
      methods: methodsOn(settings),
      codMaxTotal: settings.codMaxTotal,
      transferHours: settings.transferHours,
      onlineMinutes: settings.onlineMinutes,
      accounts: settings.transferEnabled ? settings.accounts : [],
    };
  }

  async addAccount(input: TransferAccountFields, tx: Executor = this.db): Promise<TransferAccount> {
    const [row] = await tx.insert(transferAccounts).values(accountFields(input)).returning();
    this.forget();
    return toAccount(row!);
  }

  /** An account edited; without `qrImageUrl` its QR code is removed (`replaced`: the one it had). */
  editAccount(id: string, input: TransferAccountFields, tx: Executor = this.db): Promise<AccountChange> {
    return this.updateAccount(id, accountFields(input), tx);
  }

  /** Sets an account's QR code image, or removes it (null); `replaced`: the one it had. */
  setQrImage(id: string, qrImageUrl: string | null, tx: Executor = this.db): Promise<AccountChange> {
    return this.updateAccount(id, { qrImageUrl }, tx);
  }

  /** 404 unless the account exists, checked before an upload for it is stored. */
  async assertAccount(id: string): Promise<void> {
    const [row] = await this.db
      .select({ id: transferAccounts.id })
      .from(transferAccounts)
      .where(eq(transferAccounts.id, id));
    if (!row) throw notFound('Account not found');
  }

  /** Deletes an account; answers its QR code image's URL, if it had one. */
  async removeAccount(id: string, tx: Executor = this.db): Promise<string | null> {
    const [gone] = await tx
      .delete(transferAccounts)
      .where(eq(transferAccounts.id, id))
      .returning({ qrImageUrl: transferAccounts.qrImageUrl });
    if (!gone) throw notFound('Account not found');
    this.forget();
    return gone.qrImageUrl;
  }

  /**
   * Changes an account in one statement that also reads the QR code it had (its row locked), so
   * of two replacements at once each sees the image the other replaced.
   */
  private async updateAccount(id: string, fields: Partial<AccountRow>, tx: Executor): Promise<AccountChange> {
    const before = tx
      .select({ id: transferAccounts.id, qrImageUrl: transferAccounts.qrImageUrl })
      .from(transferAccounts)
      .where(eq(transferAccounts.id, id))
      .for('update')
      .as('before');
    const [row] = await tx
      .update(transferAccounts)
      .set(fields)
      .from(before)
      .where(eq(transferAccounts.id, before.id))
      .returning({ ...getTableColumns(transferAccounts), replaced: before.qrImageUrl });
    if (!row) throw notFound('Account not found');
    this.forget();
    const { replaced, ...account } = row;
    return { account: toAccount(account), replaced: replaced === account.qrImageUrl ? null : replaced };
  }
}

/** An account as changed, and the QR code image URL it no longer shows (null when none or the same). */
export interface AccountChange {
  account: TransferAccount;
  replaced: string | null;
}

function methodsOn(settings: PaymentSettings): PaymentMethod[] {
  const on: PaymentMethod[] = [];
  if (settings.codEnabled) on.push('cod');
  if (settings.transferEnabled && settings.accounts.length > 0) on.push('transfer');
  if (settings.onlineEnabled && settings.onlineAvailable) on.push('online');
  return on;
}

function accountFields(account: TransferAccountFields) {
  return {
    kind: account.kind,
    bankName: account.kind === 'bank' ? (account.bankName ?? null) : null,
    accountName: account.accountName,
    accountNumber: account.accountNumber,
    qrImageUrl: account.qrImageUrl ?? null,
  };
}

/**
 * The terms of an order of `total` centavos paid by `method`, placed `now`, under `settings`:
 * refused (400) when the method is not offered, and (409) cash on delivery above the shop's limit.
 */
export function termsFor(
  settings: PaymentSettings,
  method: PaymentMethod,
  total: number,
  now: Date,
): PaymentTerms {
  if (!methodsOn(settings).includes(method)) {
    throw badInput(PAYMENT_MESSAGES.methodOff, { paymentMethod: PAYMENT_MESSAGES.methodOff });
  }
  const limit = settings.codMaxTotal === null ? null : parseCentavos(settings.codMaxTotal);
  if (method === 'cod' && limit !== null && total > limit) {
    const message = PAYMENT_MESSAGES.codLimit(settings.codMaxTotal!);
    throw conflict(message, { paymentMethod: message });
  }
  const minutes =
    method === 'transfer' ? settings.transferHours * 60 : method === 'online' ? settings.onlineMinutes : null;
  return {
    method,
    dueBy: minutes === null ? null : new Date(now.getTime() + minutes * 60_000).toISOString(),
    accounts: method === 'transfer' ? settings.accounts : [],
  };
}
