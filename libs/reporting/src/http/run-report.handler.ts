import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DATABASE, type Database } from '@shipledger/database';
import type { AuthContext } from '@shipledger/platform';
import { REPORTING_CONFIG, type ReportingConfig } from '../reporting.config';
import { reportFilter } from './report-filter.mapping';
import type { ReportPeriodQueryDto } from './report-query.dto';
import { REPORTS, type ReportName } from './reports';

export interface ReportAnswer {
  report: ReportName;
  filter: { from: string; to: string; time_zone: string; merchants: readonly string[] | '*'; carrier_accounts: readonly string[] };
  [part: string]: unknown;
}

/** GET /reports/<name>, dispatched through the QueryBus. */
export class RunReport extends Query<ReportAnswer> {
  constructor(readonly name: ReportName, readonly query: ReportPeriodQueryDto, readonly auth: AuthContext) {
    super();
  }
}

/** Runs a report on its view for the caller's tenant and merchants; the answer says which filter it used. */
@QueryHandler(RunReport)
export class RunReportHandler implements IQueryHandler<RunReport> {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(REPORTING_CONFIG) private readonly config: ReportingConfig,
  ) {}

  async execute({ name, query, auth }: RunReport): Promise<ReportAnswer> {
    const now = new Date();
    const filter = reportFilter(query, auth, now);
    const applied = {
      from: filter.from, to: filter.to, time_zone: filter.timeZone, merchants: filter.merchants, carrier_accounts: filter.carrierAccounts,
    };
    // A client limited to merchants asked for none of them: nothing to show.
    if (filter.merchants !== '*' && filter.merchants.length === 0) {
      return { report: name, filter: applied, ...emptyAnswer(name) };
    }
    const definition = REPORTS[name];
    const result = await definition.run({ db: this.database.kysely, filter, query: query as never, now, stuckHours: this.config.stuckHours });
    return { report: name, filter: applied, ...result };
  }
}

function emptyAnswer(name: ReportName): Record<string, unknown> {
  if (name === 'exceptions') return { counts: { pending_too_long: 0, failed_delivery_attempt: 0, returned: 0, stuck: 0 }, shipments: [] };
  return { rows: [] };
}
