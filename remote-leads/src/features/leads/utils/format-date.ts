const DATE_FORMAT = new Intl.DateTimeFormat('ru-RU');

/** dd.mm.yyyy in the reader's time zone; an unparsable value is shown as it came. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : DATE_FORMAT.format(date);
}
