/**
 * Money travels as decimal strings ("699.00") and is computed in integer centavos,
 * so no sum ever picks up a binary-fraction error.
 */
export type Centavos = number;

/** Whole pesos, plain or grouped in threes by ',', then at most two decimals after '.'. */
const DECIMAL = /^(\d+|\d{1,3}(?:,\d{3})+)(?:\.(\d{1,2}))?$/;
const MAX_WHOLE_DIGITS = 10;

/** Parses "1,299.5", "699" or 699 into centavos; returns null for anything else. */
export function parseCentavos(value: string | number): Centavos | null {
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const [, grouped = '', fraction = ''] = match;
  const whole = grouped.replaceAll(',', '');
  if (whole.length > MAX_WHOLE_DIGITS) return null;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Centavos as the wire's decimal string: 69900 -> "699.00". */
export function toDecimal(centavos: Centavos): string {
  const sign = centavos < 0 ? '-' : '';
  const abs = Math.abs(centavos);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * "₱1,299.00": a price as the shopper reads it, as Intl.NumberFormat writes pesos in en-PH (the
 * tests hold it to that). Written out: making that formatter costs a phone's CPU about 50 ms,
 * the longest stretch of a storefront page's start.
 */
export function formatPHP(value: string | number | Centavos, unit: 'pesos' | 'centavos' = 'pesos'): string {
  const centavos = Math.round((unit === 'centavos' ? Number(value) : parseCentavos(value)) || 0);
  const abs = Math.abs(centavos);
  const pesos = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${centavos < 0 ? '-' : ''}₱${pesos}.${String(abs % 100).padStart(2, '0')}`;
}

/** Percent of an amount, rounded half up to the centavo. */
export function percentOf(centavos: Centavos, percent: number): Centavos {
  return Math.round((centavos * percent) / 100);
}
