/**
 * A CSV document (RFC 4180, CRLF line ends) from rows of cells. Every cell is quoted, and one
 * a spreadsheet would read as a formula (starting with =, +, -, @, a tab or a carriage return)
 * is prefixed with an apostrophe, so an address such as `=HYPERLINK(...)@x.com` stays text.
 */
export function toCsv(rows: readonly (readonly string[])[]): string {
  const cell = (value: string) => {
    const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
    return `"${text.replaceAll('"', '""')}"`;
  };
  return rows.map((row) => `${row.map(cell).join(',')}\r\n`).join('');
}
