import { isDayBased, type Sla } from './sla';
import { minutesOf } from './zoned-time';

export interface SlaProblem {
  field: string;
  message: string;
}

/**
 * What the request DTO cannot see field by field: an SLA is either days or hours/minutes, and each
 * option belongs to one of the two. `prefix` names the SLA in the request (`service_level_rules[0].sla`).
 */
export function slaProblems(sla: Sla, prefix: string): SlaProblem[] {
  const problems: SlaProblem[] = [];
  const at = (field: string, message: string) => problems.push({ field: `${prefix}.${field}`, message });
  const { days, hours, minutes } = sla.duration;
  if (days !== undefined && (hours !== undefined || minutes !== undefined)) at('duration', 'give days, or hours and minutes, not both');
  if (days === undefined && hours === undefined && minutes === undefined) at('duration', 'give days, or hours and minutes');
  if (isDayBased(sla)) {
    if (sla.working_hours) at('working_hours', 'applies to a duration in hours and minutes; a duration in days uses cutoff_times');
  } else {
    if (sla.cutoff_times?.length) at('cutoff_times', 'applies to a duration in days');
    if (sla.eta_time !== undefined) at('eta_time', 'applies to a duration in days');
  }
  if (sla.working_hours && minutesOf(sla.working_hours.start_time) >= minutesOf(sla.working_hours.end_time)) {
    at('working_hours', 'start_time must be before end_time');
  }
  const days_ = (sla.cutoff_times ?? []).map((entry) => entry.day);
  const repeated = days_.find((day, index) => days_.indexOf(day) !== index);
  if (repeated) at('cutoff_times', `one cut-off per day (${repeated} is given twice)`);
  return problems;
}
