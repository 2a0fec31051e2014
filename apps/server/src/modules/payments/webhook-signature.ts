import { createHmac, timingSafeEqual } from 'node:crypto';

/** How far a webhook's time may be from ours: an older delivery replayed is refused. */
export const SIGNATURE_TOLERANCE_S = 5 * 60;

/**
 * Whether `header` (`Paymongo-Signature: t=<unix seconds>,te=<hex>,li=<hex>`) signs `rawBody`:
 * HMAC-SHA256 of `<t>.<raw body>` with the webhook's secret, compared in constant time with `te`
 * for a test key (`sk_test_…`), else with `li`; and `t` within five minutes of `nowS`.
 */
export function verifySignature(
  header: string | undefined,
  rawBody: Buffer,
  { webhookSecret, live }: { webhookSecret: string; live: boolean },
  nowS = Math.floor(Date.now() / 1000),
): boolean {
  if (!header || header.length > 1000) return false;
  const parts = new Map(
    header.split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const t = parts.get('t') ?? '';
  const given = parts.get(live ? 'li' : 'te') ?? '';
  if (!/^\d{1,12}$/.test(t) || !/^[0-9a-f]{64}$/i.test(given)) return false;
  if (Math.abs(nowS - Number(t)) > SIGNATURE_TOLERANCE_S) return false;
  const expected = createHmac('sha256', webhookSecret).update(`${t}.`).update(rawBody).digest();
  const received = Buffer.from(given, 'hex');
  return received.length === expected.length && timingSafeEqual(received, expected);
}
