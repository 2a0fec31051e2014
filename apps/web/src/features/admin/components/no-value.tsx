/**
 * A table cell's "none": a dash, read out as `label`. Relative, so the hidden words stay inside
 * the table's scroll box instead of widening the page on a phone.
 */
export function NoValue({ label }: { label: string }) {
  return (
    <span className="relative text-muted">
      <span aria-hidden="true">—</span>
      <span className="sr-only">{label}</span>
    </span>
  );
}
