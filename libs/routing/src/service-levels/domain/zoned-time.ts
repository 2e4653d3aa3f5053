/**
 * Wall-clock arithmetic in an IANA time zone with nothing but Intl (no date library): an instant's
 * local calendar day and time of day, and the instant of a local day and time. Pure; DST-safe because
 * every offset is read from the zone database for the instant in question, never assumed.
 */

export const WEEKDAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** A local calendar day, `YYYY-MM-DD`. */
export type LocalDate = string;

export interface LocalTime {
  date: LocalDate;
  /** Milliseconds since local midnight. */
  msOfDay: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone's offset from UTC at `instant` (ms; positive east of Greenwich). */
function offsetAt(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return wall - (instant - (((instant % 1000) + 1000) % 1000));
}

/** Where `instant` falls on the wall clock of `timeZone`. */
export function toLocal(instant: number, timeZone: string): LocalTime {
  const wall = instant + offsetAt(instant, timeZone);
  const midnight = Math.floor(wall / DAY_MS) * DAY_MS;
  return { date: new Date(midnight).toISOString().slice(0, 10), msOfDay: wall - midnight };
}

/**
 * The instant at which the wall clock of `timeZone` shows `minuteOfDay` on `date` (minute 1440 is the
 * next midnight). A wall time that a spring-forward gap skips moves forward by the gap (02:30 → 03:30);
 * one that a fall-back overlap shows twice is the later of the two.
 */
export function fromLocal(date: LocalDate, minuteOfDay: number, timeZone: string): number {
  const wall = dayStartUtc(date) + minuteOfDay * MINUTE_MS;
  // The zone's offsets around that wall time (two on a day with a change): each gives a candidate instant.
  const offsets = new Set([offsetAt(wall - DAY_MS, timeZone), offsetAt(wall, timeZone), offsetAt(wall + DAY_MS, timeZone)]);
  const candidates = [...offsets].map((offset) => wall - offset);
  const showingWall = candidates.filter((instant) => instant + offsetAt(instant, timeZone) === wall);
  // Two show it (an overlap): the later. None does (a gap): the later candidate, i.e. forward by the gap.
  return Math.max(...(showingWall.length > 0 ? showingWall : candidates));
}

export function addDays(date: LocalDate, days: number): LocalDate {
  return new Date(dayStartUtc(date) + days * DAY_MS).toISOString().slice(0, 10);
}

export function weekdayOf(date: LocalDate): Weekday {
  // getUTCDay: 0 is Sunday; WEEKDAYS starts on Monday.
  return WEEKDAYS[(new Date(dayStartUtc(date)).getUTCDay() + 6) % 7]!;
}

/** `HH:mm` (00:00–24:00) as minutes since midnight. */
export function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return hours! * 60 + minutes!;
}

function dayStartUtc(date: LocalDate): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
}
