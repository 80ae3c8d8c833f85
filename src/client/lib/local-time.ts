// A time as a datetime-local field holds it: the reader's time zone, to the minute. The field's value
// goes back to an ISO time through `new Date(value)` in the browser (the same zone).

/** An ISO time as a datetime-local field shows it; '' for none. */
export function localInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
