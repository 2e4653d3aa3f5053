import type { Sla } from './sla';
import { slaProblems } from './sla.rules';

describe('slaProblems', () => {
  it.each<[string, Sla, string[]]>([
    ['days alone', { duration: { days: 2 }, cutoff_times: [{ day: 'MONDAY', time: '14:00' }], eta_time: '18:00' }, []],
    ['hours and minutes with working hours', { duration: { hours: 4, minutes: 30 }, working_hours: { start_time: '09:00', end_time: '24:00' } }, []],
    ['days and hours', { duration: { days: 1, hours: 2 } }, ['sla.duration']],
    ['no duration', { duration: {} }, ['sla.duration']],
    ['working hours with days', { duration: { days: 1 }, working_hours: { start_time: '09:00', end_time: '18:00' } }, ['sla.working_hours']],
    ['cut-off and eta with hours', { duration: { hours: 1 }, cutoff_times: [{ day: 'MONDAY', time: '14:00' }], eta_time: '18:00' }, ['sla.cutoff_times', 'sla.eta_time']],
    ['an empty window', { duration: { hours: 1 }, working_hours: { start_time: '18:00', end_time: '09:00' } }, ['sla.working_hours']],
    ['a day cut off twice', { duration: { days: 1 }, cutoff_times: [{ day: 'MONDAY', time: '14:00' }, { day: 'MONDAY', time: '15:00' }] }, ['sla.cutoff_times']],
  ])('%s', (_case, sla, fields) => {
    expect(slaProblems(sla, 'sla').map((problem) => problem.field)).toEqual(fields);
  });
});
