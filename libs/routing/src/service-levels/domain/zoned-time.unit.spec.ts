import { addDays, fromLocal, toLocal, weekdayOf } from './zoned-time';

describe('zoned time (Intl only)', () => {
  it.each<[string, string, string, number]>([
    ['Dubai is UTC+4', '2026-11-24T21:30:00.000Z', '2026-11-25', (1 * 60 + 30) * 60_000],
    ['New York in winter is UTC-5', '2026-11-24T03:00:00.000Z', '2026-11-23', 22 * 3_600_000],
    ['milliseconds are kept', '2026-11-24T10:00:00.250Z', '2026-11-24', 10 * 3_600_000 + 250],
  ])('toLocal: %s', (zone, instant, date, msOfDay) => {
    const timeZone = zone.startsWith('Dubai') ? 'Asia/Dubai' : zone.startsWith('New York') ? 'America/New_York' : 'UTC';
    expect(toLocal(Date.parse(instant), timeZone)).toEqual({ date, msOfDay });
  });

  it.each<[string, string, number, string, string]>([
    ['an ordinary time', '2026-11-24', 14 * 60, 'Asia/Dubai', '2026-11-24T10:00:00.000Z'],
    ['midnight of a day (minute 1440 is the next midnight)', '2026-11-24', 1440, 'Asia/Dubai', '2026-11-24T20:00:00.000Z'],
    ['a time the spring gap skips moves forward', '2026-03-08', 2 * 60 + 30, 'America/New_York', '2026-03-08T07:30:00.000Z'],
    ['a time the autumn overlap repeats is the later', '2026-11-01', 1 * 60 + 30, 'America/New_York', '2026-11-01T06:30:00.000Z'],
    ['a half-hour zone', '2026-11-24', 9 * 60, 'Asia/Kolkata', '2026-11-24T03:30:00.000Z'],
  ])('fromLocal: %s', (_case, date, minute, zone, expected) => {
    expect(new Date(fromLocal(date, minute, zone)).toISOString()).toBe(expected);
  });

  it('calendar arithmetic crosses months and years and names the weekday', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(['2026-11-23', '2026-11-24', '2026-11-29'].map(weekdayOf)).toEqual(['MONDAY', 'TUESDAY', 'SUNDAY']);
  });
});
