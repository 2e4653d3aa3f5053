import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { OperationsController } from './http/operations.controller';
import { ReportsController } from './http/reports.controller';
import { RunReportHandler } from './http/run-report.handler';
import { loadReportingConfig, REPORTING_CONFIG } from './reporting.config';

/**
 * The Reporting context's HTTP side: GET /reports/* from the reporting views (their projectors run in
 * the worker, see REPORTING_PROJECTORS). DATABASE and PLATFORM_SERVICES come from the PlatformModule.
 */
@Module({
  imports: [CqrsModule],
  controllers: [ReportsController, OperationsController],
  providers: [RunReportHandler, { provide: REPORTING_CONFIG, useFactory: () => loadReportingConfig() }],
})
export class ReportingModule {}
