import { Controller, Get, Headers, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiExtraModels, ApiOkResponse, ApiOperation, ApiProduces, ApiTags, getSchemaPath } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentAuth, RequireScopes, UseErrorArea, type AuthContext } from '@shipledger/platform';
import { toCsv } from './report-csv';
import { OrdersPerStatusReportDto, OrderToShipmentReportDto } from './order-report.dto';
import { ExceptionsQueryDto, OnTimeQueryDto, ReportPeriodQueryDto, ReportQueryDto } from './report-query.dto';
import { REPORTS, type ReportName } from './reports';
import { RunReport, type ReportAnswer } from './run-report.handler';

const CSV_NOTE = ' Send `Accept: text/csv` for the same rows as CSV with a header line.';

/** A report's 200: its JSON schema, or the same rows as CSV text. */
const jsonOrCsv = (model: new () => object, csvColumns: string) => ({
  description: `JSON, or CSV (\`${csvColumns}\`)`,
  content: { 'application/json': { schema: { $ref: getSchemaPath(model) } }, 'text/csv': { schema: { type: 'string' } } },
});

/**
 * The reports, each read from its own view. Every one takes merchant, carrier_account, from, to and
 * time_zone; the answer echoes the filter it applied (with its defaults filled in).
 */
@ApiTags('reports')
@ApiExtraModels(OrdersPerStatusReportDto, OrderToShipmentReportDto)
@UseErrorArea('shipping')
@Controller('reports')
export class ReportsController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('shipments-per-day')
  @RequireScopes('read:reports')
  @ApiOperation({ summary: 'Shipments created, booked, shipped and delivered per day and carrier account', description: `Days in time_zone; a shipment counts under its current carrier account.${CSV_NOTE}` })
  @ApiProduces('application/json', 'text/csv')
  @ApiOkResponse({ description: '{report, filter, rows: [{date, carrier_account_id, carrier_account_name, created, booked, shipped, delivered}]}' })
  shipmentsPerDay(@CurrentAuth() auth: AuthContext, @Query() query: ReportQueryDto, @Headers('accept') accept: string | undefined, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.answer('shipments-per-day', auth, query, accept, reply);
  }

  @Get('booking-outcomes')
  @RequireScopes('read:reports')
  @ApiOperation({ summary: 'Booking requests per carrier account: answers, success rate, retries, error codes', description: `Requests sent in the period.${CSV_NOTE}` })
  @ApiProduces('application/json', 'text/csv')
  @ApiOkResponse({ description: '{report, filter, rows: [{carrier, carrier_account_id, attempts, booked, failed, awaiting, retries, success_rate, error_codes: [{code, count}]}]}' })
  bookingOutcomes(@CurrentAuth() auth: AuthContext, @Query() query: ReportQueryDto, @Headers('accept') accept: string | undefined, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.answer('booking-outcomes', auth, query, accept, reply);
  }

  @Get('lead-times')
  @RequireScopes('read:reports')
  @ApiOperation({ summary: 'Lead times created → booked → shipped → delivered: p50/p90/p99 per carrier and lane', description: `Shipments created in the period; seconds.${CSV_NOTE}` })
  @ApiProduces('application/json', 'text/csv')
  @ApiOkResponse({ description: '{report, filter, rows: [{carrier, pickup_country, pickup_city, dropoff_country, dropoff_city, shipments, stages: {created_to_booked: {count, p50, p90, p99}, …}}]}' })
  leadTimes(@CurrentAuth() auth: AuthContext, @Query() query: ReportQueryDto, @Headers('accept') accept: string | undefined, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.answer('lead-times', auth, query, accept, reply);
  }

  @Get('on-time')
  @RequireScopes('read:reports')
  @ApiOperation({ summary: 'Deliveries by the promised date, per carrier', description: `Shipments whose promised delivery date falls in the period; those without a promise are not counted.${CSV_NOTE}` })
  @ApiProduces('application/json', 'text/csv')
  @ApiOkResponse({ description: '{report, filter, as_of, rows: [{carrier, promised, delivered, on_time, late, overdue, on_time_rate}]}' })
  onTime(@CurrentAuth() auth: AuthContext, @Query() query: OnTimeQueryDto, @Headers('accept') accept: string | undefined, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.answer('on-time', auth, query, accept, reply);
  }

  @Get('exceptions')
  @RequireScopes('read:reports')
  @ApiOperation({ summary: 'Shipments pending too long, with failed delivery attempts, returned, or stuck in a status', description: `Shipments created in the period, longest in their status first.${CSV_NOTE}` })
  @ApiProduces('application/json', 'text/csv')
  @ApiOkResponse({ description: '{report, filter, as_of, thresholds, counts: {pending_too_long, failed_delivery_attempt, returned, stuck}, shipments: […]}' })
  exceptions(@CurrentAuth() auth: AuthContext, @Query() query: ExceptionsQueryDto, @Headers('accept') accept: string | undefined, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.answer('exceptions', auth, query, accept, reply);
  }

  @Get('orders-per-status')
  @RequireScopes('read:reports')
  @ApiOperation({
    summary: 'Orders created per day and merchant, and how many of them are in each order status now',
    description: `Days of creation in time_zone. Orders have no carrier account: carrier_account is refused (400).${CSV_NOTE}`,
  })
  @ApiProduces('application/json', 'text/csv')
  @ApiOkResponse(jsonOrCsv(OrdersPerStatusReportDto, 'date,merchant,created,open,…,cancelled'))
  ordersPerStatus(@CurrentAuth() auth: AuthContext, @Query() query: ReportPeriodQueryDto, @Headers('accept') accept: string | undefined, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.answer('orders-per-status', auth, query, accept, reply);
  }

  @Get('order-to-shipment')
  @RequireScopes('read:reports')
  @ApiOperation({
    summary: 'Time from an order\'s creation to its first shipment: p50/p90/p99 per merchant, and the orders awaiting one',
    description: `Orders created in the period; seconds. Orders have no carrier account: carrier_account is refused (400).${CSV_NOTE}`,
  })
  @ApiProduces('application/json', 'text/csv')
  @ApiOkResponse(jsonOrCsv(OrderToShipmentReportDto, 'merchant,orders,shipped,awaiting,without_shipment,p50_s,p90_s,p99_s'))
  orderToShipment(@CurrentAuth() auth: AuthContext, @Query() query: ReportPeriodQueryDto, @Headers('accept') accept: string | undefined, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.answer('order-to-shipment', auth, query, accept, reply);
  }

  private async answer(name: ReportName, auth: AuthContext, query: ReportPeriodQueryDto, accept: string | undefined, reply: FastifyReply): Promise<ReportAnswer | string> {
    const answer = await this.queryBus.execute(new RunReport(name, query, auth));
    reply.header('vary', 'Accept');
    if (!prefersCsv(accept)) return answer;
    const { csv } = REPORTS[name];
    reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}-${answer.filter.from}-${answer.filter.to}.csv"`);
    return toCsv(csv.columns, csv.rows(answer as never));
  }
}

/** CSV when the Accept header names text/csv (q > 0) before any JSON type. */
export function prefersCsv(accept: string | undefined): boolean {
  if (!accept) return false;
  for (const part of accept.split(',')) {
    const [type = '', ...params] = part.trim().toLowerCase().split(';').map((s) => s.trim());
    if (params.some((p) => /^q=0(\.0*)?$/.test(p))) continue;
    if (type === 'text/csv') return true;
    if (type === 'application/json' || type === '*/*' || type === 'application/*') return false;
  }
  return false;
}
