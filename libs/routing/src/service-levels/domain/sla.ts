import { addDays, fromLocal, minutesOf, toLocal, weekdayOf, WEEKDAYS, type LocalDate, type Weekday } from './zoned-time';

/**
 * A service-level rule's SLA. Either a duration in days (day-based: counts open days, honours cut-off
 * times, lands at `eta_time`) or in hours and minutes (time-based: counts elapsed time inside the working
 * hours of open days). A day is open when it is a working day and not a blackout date; every day and
 * time is on the wall clock of the ruleset's time zone.
 */
export interface Sla {
  duration: { days?: number; hours?: number; minutes?: number };
  /** Default: all seven. */
  working_days?: readonly Weekday[];
  /** Time-based only: the part of an open day that counts (`HH:mm`, end may be `24:00`). Default: all of it. */
  working_hours?: { start_time: string; end_time: string };
  /** Day-based only: an order after its day's cut-off starts counting on the next open day. */
  cutoff_times?: readonly { day: Weekday; time: string }[];
  /** Local days (`YYYY-MM-DD`) that never count. */
  blackout_dates?: readonly LocalDate[];
  /** Day-based only: the time of day of the result. Default 23:59 (by the end of that day). */
  eta_time?: string;
}

export const DEFAULT_ETA_TIME = '23:59';
/** Ten years of days: more than any SLA with at least one working day and ≤ 366 blackout dates can need. */
const MAX_DAYS_SCANNED = 3660;

export function isDayBased(sla: Sla): boolean {
  return sla.duration.days !== undefined;
}

/** The instant the SLA ends when it starts at `from` (ISO), as ISO with ms; undefined if no day is ever open. */
export function slaDeadline(sla: Sla, from: string, timeZone: string): string | undefined {
  const start = Date.parse(from);
  const end = isDayBased(sla) ? dayBasedEnd(sla, start, timeZone) : timeBasedEnd(sla, start, timeZone);
  return end === undefined ? undefined : new Date(end).toISOString();
}

function openDays(sla: Sla): (date: LocalDate) => boolean {
  const working = new Set<Weekday>(sla.working_days?.length ? sla.working_days : WEEKDAYS);
  const blackout = new Set(sla.blackout_dates ?? []);
  return (date) => working.has(weekdayOf(date)) && !blackout.has(date);
}

/** The first open day strictly after `date`. */
function nextOpen(date: LocalDate, isOpen: (date: LocalDate) => boolean): LocalDate | undefined {
  let day = date;
  for (let i = 0; i < MAX_DAYS_SCANNED; i += 1) {
    day = addDays(day, 1);
    if (isOpen(day)) return day;
  }
  return undefined;
}

/**
 * 1. The start day is the local day of `from`; if it is not open, or `from` is after that weekday's
 *    cut-off, the start day is the next open day. 2. Move forward `days` open days. 3. The result is
 *    that day at `eta_time`.
 */
function dayBasedEnd(sla: Sla, from: number, timeZone: string): number | undefined {
  const isOpen = openDays(sla);
  const local = toLocal(from, timeZone);
  const cutoff = sla.cutoff_times?.find((entry) => entry.day === weekdayOf(local.date));
  const late = cutoff !== undefined && local.msOfDay > minutesOf(cutoff.time) * 60_000;
  let day: LocalDate | undefined = isOpen(local.date) && !late ? local.date : nextOpen(local.date, isOpen);
  for (let i = 0; day !== undefined && i < (sla.duration.days ?? 0); i += 1) day = nextOpen(day, isOpen);
  return day === undefined ? undefined : fromLocal(day, minutesOf(sla.eta_time ?? DEFAULT_ETA_TIME), timeZone);
}

/**
 * Walk the open days from `from`, spending the duration only inside each day's working window (real
 * elapsed time, so a 23-hour DST day counts 23 hours); the result is where the duration runs out.
 */
function timeBasedEnd(sla: Sla, from: number, timeZone: string): number | undefined {
  const isOpen = openDays(sla);
  const startMinute = sla.working_hours ? minutesOf(sla.working_hours.start_time) : 0;
  const endMinute = sla.working_hours ? minutesOf(sla.working_hours.end_time) : 24 * 60;
  let remaining = ((sla.duration.hours ?? 0) * 60 + (sla.duration.minutes ?? 0)) * 60_000;
  let day = toLocal(from, timeZone).date;
  for (let i = 0; i < MAX_DAYS_SCANNED; i += 1, day = addDays(day, 1)) {
    if (!isOpen(day)) continue;
    const windowStart = Math.max(from, fromLocal(day, startMinute, timeZone));
    const windowEnd = fromLocal(day, endMinute, timeZone);
    if (windowStart >= windowEnd) continue;
    if (remaining <= windowEnd - windowStart) return windowStart + remaining;
    remaining -= windowEnd - windowStart;
  }
  return undefined;
}
