const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/** An ISO 8601 date or date-time as an ISO instant (UTC without an offset), or undefined if malformed. */
export function parseIsoInstant(text: string, edge: 'start' | 'end'): string | undefined {
  let instant: number;
  if (DATE_ONLY.test(text)) {
    instant = Date.parse(`${text}T00:00:00.000Z`) + (edge === 'end' ? 86_400_000 - 1 : 0);
  } else if (DATE_TIME.test(text)) {
    const withColon = text.replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
    const hasOffset = /(Z|[+-]\d{2}:\d{2})$/i.test(withColon);
    instant = Date.parse(hasOffset ? withColon : `${withColon}Z`);
  } else {
    instant = Number.NaN;
  }
  return Number.isNaN(instant) ? undefined : new Date(instant).toISOString();
}
