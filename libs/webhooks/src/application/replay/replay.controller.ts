import { Body, Controller, Get, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentAuth, RequireScopes, UseErrorArea, type AuthContext } from '@shipledger/platform';
import { WEBHOOKS_CONTEXT } from '../../webhooks.tokens';
import type { WebhooksContext } from '../../webhooks.context';
import { ReplayAcceptedDto, ReplayJobDto, ReplayRequestDto } from './replay.dto';

/** Replays (docs/api/webhooks.md, "Replay"). */
@ApiTags('webhooks')
@Controller('webhooks')
@UseErrorArea('shipping')
export class ReplayController {
  constructor(@Inject(WEBHOOKS_CONTEXT) private readonly context: WebhooksContext) {}

  @Post(':webhookId/replay')
  @HttpCode(202)
  @RequireScopes('update:configuration')
  @ApiOperation({ summary: 'Sends again, with the original event-id: one delivery, all about one shipment or order, or everything of a time range (in the worker)' })
  @ApiAcceptedResponse({ type: ReplayAcceptedDto })
  replay(@CurrentAuth() auth: AuthContext, @Param('webhookId') id: string, @Body() body: ReplayRequestDto): Promise<ReplayAcceptedDto> {
    return this.context.replays.replay(auth, id, body);
  }

  @Get(':webhookId/replays/:replayId')
  @RequireScopes('read:configuration')
  @ApiOperation({ summary: 'The progress of a time-range replay' })
  @ApiOkResponse({ type: ReplayJobDto })
  job(@CurrentAuth() auth: AuthContext, @Param('webhookId') id: string, @Param('replayId') replayId: string): Promise<ReplayJobDto> {
    return this.context.replays.job(auth, id, replayId);
  }
}
