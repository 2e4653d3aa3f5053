import { slaDeadline, type Sla } from './sla';
import { addDays, WEEKDAYS, type Weekday } from './zoned-time';

const WEEKDAYS_MON_FRI: Weekday[] = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'];
const cutoffs = (time: string, days: readonly Weekday[] = WEEKDAYS) => days.map((day) => ({ day, time }));

// 2026-11-24 is a Tuesday. Asia/Dubai is UTC+4 all year.
const dubaiNextDay: Sla = { duration: { days: 1 }, working_days: WEEKDAYS_MON_FRI, cutoff_times: cutoffs('14:00'), eta_time: '18:00' };

describe('slaDeadline: days, cut-off times, working days and blackout dates (Asia/Dubai)', () => {
  it.each<[string, Sla, string, string]>([
    ['at the cut-off exactly: still today, so tomorrow', dubaiNextDay, '2026-11-24T10:00:00.000Z', '2026-11-25T14:00:00.000Z'],
    ['one minute before the cut-off', dubaiNextDay, '2026-11-24T09:59:00.000Z', '2026-11-25T14:00:00.000Z'],
    ['one minute after the cut-off: counting starts a day later', dubaiNextDay, '2026-11-24T10:01:00.000Z', '2026-11-26T14:00:00.000Z'],
    ['one millisecond after the cut-off', dubaiNextDay, '2026-11-24T10:00:00.001Z', '2026-11-26T14:00:00.000Z'],
    ['Friday after the cut-off: the weekend is skipped', dubaiNextDay, '2026-11-27T11:00:00.000Z', '2026-12-01T14:00:00.000Z'],
    ['ordered on Saturday: counting starts on Monday', dubaiNextDay, '2026-11-28T06:00:00.000Z', '2026-12-01T14:00:00.000Z'],
    ['late UTC evening is already the next local day, before its cut-off', dubaiNextDay, '2026-11-24T21:00:00.000Z', '2026-11-26T14:00:00.000Z'],
    ['a blackout date on the way is skipped', { ...dubaiNextDay, blackout_dates: ['2026-11-25'] }, '2026-11-24T09:00:00.000Z', '2026-11-26T14:00:00.000Z'],
    ['a blackout start day: counting starts on the next open day', { ...dubaiNextDay, blackout_dates: ['2026-11-24'] }, '2026-11-24T05:00:00.000Z', '2026-11-26T14:00:00.000Z'],
    ['blackout dates back to back', { ...dubaiNextDay, blackout_dates: ['2026-11-25', '2026-11-26'] }, '2026-11-24T05:00:00.000Z', '2026-11-27T14:00:00.000Z'],
    ['0 days before the cut-off: today', { ...dubaiNextDay, duration: { days: 0 } }, '2026-11-24T09:00:00.000Z', '2026-11-24T14:00:00.000Z'],
    ['0 days after the cut-off: the next open day', { ...dubaiNextDay, duration: { days: 0 } }, '2026-11-24T11:00:00.000Z', '2026-11-25T14:00:00.000Z'],
    ['no eta_time: by the end of the day (23:59)', { duration: { days: 2 } }, '2026-11-24T09:00:00.000Z', '2026-11-26T19:59:00.000Z'],
    ['no working days given: every day counts', { duration: { days: 5 }, eta_time: '12:00' }, '2026-11-27T09:00:00.000Z', '2026-12-02T08:00:00.000Z'],
    ['a cut-off only on some days: other days have none', { duration: { days: 1 }, cutoff_times: cutoffs('14:00', ['MONDAY']), eta_time: '12:00' }, '2026-11-24T19:00:00.000Z', '2026-11-25T08:00:00.000Z'],
  ])('%s', (_case, sla, from, expected) => {
    expect(slaDeadline(sla, from, 'Asia/Dubai')).toBe(expected);
  });
});

describe('slaDeadline: days across daylight-saving changes', () => {
  it.each<[string, Sla, string, string, string]>([
    // Europe/Berlin leaves summer time on 2026-10-25 (CEST +2 → CET +1) and enters it on 2026-03-29.
    ['a day later at 10:00 across the autumn change is 25 hours later', { duration: { days: 1 }, eta_time: '10:00' }, 'Europe/Berlin', '2026-10-24T08:00:00.000Z', '2026-10-25T09:00:00.000Z'],
    ['a day later at 10:00 across the spring change is 23 hours later', { duration: { days: 1 }, eta_time: '10:00' }, 'Europe/Berlin', '2026-03-28T09:00:00.000Z', '2026-03-29T08:00:00.000Z'],
    ['an eta_time the spring gap skips moves forward by the gap', { duration: { days: 1 }, eta_time: '02:30' }, 'Europe/Berlin', '2026-03-28T09:00:00.000Z', '2026-03-29T01:30:00.000Z'],
    ['an eta_time the autumn overlap shows twice is the later one', { duration: { days: 1 }, eta_time: '02:30' }, 'Europe/Berlin', '2026-10-24T08:00:00.000Z', '2026-10-25T01:30:00.000Z'],
    // America/New_York leaves summer time on 2026-11-01: 18:30Z is 14:30 EDT before and 13:30 EST after.
    ['the cut-off is on the local clock in summer time (14:30 EDT is late)', { duration: { days: 1 }, cutoff_times: cutoffs('14:00'), eta_time: '17:00' }, 'America/New_York', '2026-10-26T18:30:00.000Z', '2026-10-28T21:00:00.000Z'],
    ['the cut-off is on the local clock in winter time (13:30 EST is on time)', { duration: { days: 1 }, cutoff_times: cutoffs('14:00'), eta_time: '17:00' }, 'America/New_York', '2026-11-02T18:30:00.000Z', '2026-11-03T22:00:00.000Z'],
  ])('%s', (_case, sla, zone, from, expected) => {
    expect(slaDeadline(sla, from, zone)).toBe(expected);
  });
});

describe('slaDeadline: hours and minutes inside working hours', () => {
  const officeHours: Sla = { duration: { hours: 4 }, working_days: WEEKDAYS_MON_FRI, working_hours: { start_time: '09:00', end_time: '18:00' } };
  it.each<[string, Sla, string, string, string]>([
    ['no schedule: plain elapsed time', { duration: { hours: 4 } }, 'Asia/Dubai', '2026-11-24T10:00:00.000Z', '2026-11-24T14:00:00.000Z'],
    ['hours and minutes add up', { duration: { hours: 1, minutes: 30 } }, 'Asia/Dubai', '2026-11-24T10:00:00.000Z', '2026-11-24T11:30:00.000Z'],
    ['inside the window', officeHours, 'Asia/Dubai', '2026-11-24T06:00:00.000Z', '2026-11-24T10:00:00.000Z'],
    ['ending exactly at the window end stays that day', officeHours, 'Asia/Dubai', '2026-11-24T10:00:00.000Z', '2026-11-24T14:00:00.000Z'],
    ['runs over the window end into the next working day', officeHours, 'Asia/Dubai', '2026-11-24T12:00:00.000Z', '2026-11-25T07:00:00.000Z'],
    ['before the window opens: counting starts at 09:00', officeHours, 'Asia/Dubai', '2026-11-24T03:00:00.000Z', '2026-11-24T09:00:00.000Z'],
    ['after the window closes: counting starts the next morning', officeHours, 'Asia/Dubai', '2026-11-24T15:00:00.000Z', '2026-11-25T09:00:00.000Z'],
    ['Friday evening over the weekend', officeHours, 'Asia/Dubai', '2026-11-27T13:00:00.000Z', '2026-11-30T08:00:00.000Z'],
    ['Friday evening over the weekend and a blackout Monday', { ...officeHours, blackout_dates: ['2026-11-30'] }, 'Asia/Dubai', '2026-11-27T13:00:00.000Z', '2026-12-01T08:00:00.000Z'],
    ['0 minutes outside the window: the next window opening', { ...officeHours, duration: { minutes: 0 } }, 'Asia/Dubai', '2026-11-28T13:00:00.000Z', '2026-11-30T05:00:00.000Z'],
    ['a window to 24:00 runs to midnight', { duration: { hours: 2 }, working_hours: { start_time: '20:00', end_time: '24:00' } }, 'Asia/Dubai', '2026-11-24T18:30:00.000Z', '2026-11-25T16:30:00.000Z'],
    ['24 hours across the autumn change is 24 real hours (one hour earlier on the wall clock)', { duration: { hours: 24 } }, 'Europe/Berlin', '2026-10-24T10:00:00.000Z', '2026-10-25T10:00:00.000Z'],
    ['working hours across the autumn change open at 09:00 local', { duration: { hours: 2 }, working_hours: { start_time: '09:00', end_time: '17:00' } }, 'Europe/Berlin', '2026-10-24T14:00:00.000Z', '2026-10-25T09:00:00.000Z'],
  ])('%s', (_case, sla, zone, from, expected) => {
    expect(slaDeadline(sla, from, zone)).toBe(expected);
  });

  it('answers nothing when no day is ever open', () => {
    const mondays = Array.from({ length: 530 }, (_, week) => addDays('2026-11-30', week * 7));
    const sla: Sla = { duration: { days: 1 }, working_days: ['MONDAY'], blackout_dates: mondays };
    expect(slaDeadline(sla, '2026-11-24T10:00:00.000Z', 'UTC')).toBeUndefined();
    expect(slaDeadline({ ...sla, duration: { hours: 1 } }, '2026-11-24T10:00:00.000Z', 'UTC')).toBeUndefined();
  });
});

describe('slaDeadline: the example of docs/api/service-levels.md', () => {
  const weekdays: Weekday[] = WEEKDAYS_MON_FRI;
  const promised: Sla = { duration: { days: 2 }, working_days: weekdays, cutoff_times: cutoffs('14:00', weekdays), eta_time: '20:00', blackout_dates: ['2026-12-02'] };
  const fulfilment: Sla = { duration: { hours: 4 }, working_days: weekdays, working_hours: { start_time: '09:00', end_time: '18:00' } };

  it('Friday 14:01 in Dubai: promised Thursday 20:00 (cut-off missed, blackout skipped), processed Monday 09:01', () => {
    expect(slaDeadline(promised, '2026-11-27T10:01:00.000Z', 'Asia/Dubai')).toBe('2026-12-03T16:00:00.000Z');
    expect(slaDeadline(fulfilment, '2026-11-27T10:01:00.000Z', 'Asia/Dubai')).toBe('2026-11-30T05:01:00.000Z');
  });

  it('Friday 14:00 exactly: promised Tuesday 20:00', () => {
    expect(slaDeadline(promised, '2026-11-27T10:00:00.000Z', 'Asia/Dubai')).toBe('2026-12-01T16:00:00.000Z');
  });
});
