/**
 * A time slot's `from` and `to`. The spec's pattern `^[0-2][0-3]:[0-5][0-9]$` would refuse 09:00 and
 * 14:30; it is read as what it plainly means: HH:MM on a 24-hour clock, 00:00 to 23:59.
 */
export const TIME_OF_DAY = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

export const isTimeOfDay = (value: unknown): value is string => typeof value === 'string' && TIME_OF_DAY.test(value);

/** Business rule: a slot starts before it ends, on the same day (HH:MM strings compare in time order). */
export const slotIsOrdered = (from: string, to: string): boolean => from < to;
