import { Body, Controller, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentAuth, RequireScopes, UseErrorArea, type AuthContext } from '@shipledger/platform';
import { BacktestDto, BacktestResponseDto, EvaluateRoutingDto, RoutingEvaluationResponseDto } from './routing-explain.dto';
import { RoutingExplainService } from './routing-explain.service';

/** Dry runs of routing: nothing is written (docs/api/routing.md). */
@ApiTags('automation rulesets')
@Controller('automation-rulesets')
@UseErrorArea('shipping')
export class RoutingExplainController {
  constructor(@Inject(RoutingExplainService) private readonly explain: RoutingExplainService) {}

  @Post('evaluate')
  @HttpCode(200)
  @RequireScopes('read:configuration')
  @ApiOperation({ summary: 'Which rule would choose which account for a shipment (body or id), and why each rule did or did not match; writes nothing' })
  @ApiOkResponse({ type: RoutingEvaluationResponseDto })
  evaluate(@CurrentAuth() auth: AuthContext, @Body() body: EvaluateRoutingDto): Promise<Record<string, unknown>> {
    return this.explain.evaluate(auth, body);
  }

  @Post(':rulesetId/backtest')
  @HttpCode(200)
  @RequireScopes('read:configuration')
  @ApiOperation({ summary: 'Replays the tenant\'s shipments created in [from, to) through this ruleset as if ACTIVE: how many would change account, old → new, a sample' })
  @ApiOkResponse({ type: BacktestResponseDto })
  backtest(@CurrentAuth() auth: AuthContext, @Param('rulesetId') id: string, @Body() body: BacktestDto): Promise<Record<string, unknown>> {
    return this.explain.backtest(auth, id, body);
  }
}
