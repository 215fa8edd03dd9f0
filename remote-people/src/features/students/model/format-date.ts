/** `2014-05-09` → `09.05.2014`, the way dates are written in Russian documents. */
export function formatIsoDate(value: string | null | undefined): string {
  if (!value) return '';
  const [year, month, day] = value.slice(0, 10).split('-');
  return day && month && year ? `${day}.${month}.${year}` : value;
}
