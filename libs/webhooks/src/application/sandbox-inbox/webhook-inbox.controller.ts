import { Body, Controller, Get, Headers, HttpCode, Inject, Param, Post, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { ApiError, CurrentAuth, PublicRoute, rawBodyOf, RequireScopes, UseErrorArea, type AuthContext } from '@shipledger/platform';
import { INBOX_ID_PATTERN } from '../../storage/webhook-inbox.repository';
import { WEBHOOKS_CONTEXT } from '../../webhooks.tokens';
import type { WebhooksContext } from '../../webhooks.context';
import { INBOX_PAGE_SIZE, InboxReceiptDto, WebhookInboxPageDto, WebhookInboxQueryDto } from './webhook-inbox.dto';

const INBOX_ID = new RegExp(`^${INBOX_ID_PATTERN}$`);

/**
 * The sandbox webhook receiver (docs/api/webhooks.md "Sandbox inbox"). A sender holds no tenant token:
 * the POST names the tenant's inbox by its secret id; reading the inbox is a normal tenant call.
 */
@ApiTags('sandbox')
@Controller('sandbox/webhook-inbox')
@UseErrorArea('shipping')
export class WebhookInboxController {
  constructor(@Inject(WEBHOOKS_CONTEXT) private readonly context: WebhooksContext) {}

  @Get()
  @RequireScopes('read:configuration')
  @ApiOperation({ summary: 'What reached the tenant\'s sandbox webhook inbox, newest first, with each signature checked' })
  @ApiOkResponse({ type: WebhookInboxPageDto })
  list(@CurrentAuth() auth: AuthContext, @Query() query: WebhookInboxQueryDto, @Headers('host') host: string | undefined): Promise<WebhookInboxPageDto> {
    const baseUrl = this.context.ownBaseUrl ?? `https://${host ?? 'localhost'}`;
    return this.context.inbox.page(auth.tenantId, baseUrl, {
      page: query.page ?? 0, pageSize: query.page_size ?? INBOX_PAGE_SIZE.default, eventId: query.event_id, trigger: query.trigger,
    });
  }

  @Post(':inboxId')
  @HttpCode(200)
  @PublicRoute()
  @ApiOperation({ summary: 'A webhook receiver: records the delivery and whether its Standard Webhooks signature verifies (answers 200 either way)' })
  @ApiOkResponse({ type: InboxReceiptDto })
  receive(@Param('inboxId') inboxId: string, @Req() request: FastifyRequest, @Body() body: unknown): Promise<InboxReceiptDto> {
    if (!INBOX_ID.test(inboxId)) throw ApiError.notFound(`No webhook inbox found with the id: ${inboxId}`);
    return this.context.inbox.receive({ inboxId, headers: request.headers, rawBody: rawBodyOf(request) ?? '', body });
  }
}
