export { REPORTING_PROJECTORS } from './read-models';
export type { ReportFilter } from './read-models';
export { ReportingModule } from './reporting.module';
export { mountDashboard, DASHBOARD_CSP } from './dashboard/mount-dashboard';
