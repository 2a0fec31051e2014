import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.ts';

describe('toCsv', () => {
  it('quotes every cell, doubles quotes and ends each row with CRLF', () => {
    expect(
      toCsv([
        ['email', 'status'],
        ['a"b@example.com', 'subscribed, twice'],
      ]),
    ).toBe('"email","status"\r\n"a""b@example.com","subscribed, twice"\r\n');
  });

  it('keeps cells a spreadsheet would run as formulas as text', () => {
    expect(toCsv([['=HYPERLINK("http://x")@x.com', '+1', '-2', '@SUM(A1)', '\tx', '\rx', 'a=b']])).toBe(
      `"'=HYPERLINK(""http://x"")@x.com","'+1","'-2","'@SUM(A1)","'\tx","'\rx","a=b"\r\n`,
    );
  });

  it('keeps line breaks inside a quoted cell and writes nothing for no rows', () => {
    expect(toCsv([['line one\nline two']])).toBe('"line one\nline two"\r\n');
    expect(toCsv([])).toBe('');
  });
});
