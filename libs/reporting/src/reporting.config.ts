export const REPORTING_CONFIG = Symbol('REPORTING_CONFIG');

export interface ReportingConfig {
  /** Hours in one status after which a shipment that is not resting counts as stuck (a query may override). */
  stuckHours: number;
}

/** Environment: REPORTS_STUCK_HOURS (default 72, 1 to 8760). */
export function loadReportingConfig(env: NodeJS.ProcessEnv = process.env): ReportingConfig {
  const hours = Number(env.REPORTS_STUCK_HOURS);
  return { stuckHours: Number.isInteger(hours) && hours >= 1 && hours <= 8760 ? hours : 72 };
}
