import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Put } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentAuth, RequireScopes, UseErrorArea, type AuthContext } from '@shipledger/platform';
import { WEBHOOKS_CONTEXT } from '../../webhooks.tokens';
import type { WebhooksContext } from '../../webhooks.context';
import { RotateSecretRequestDto, WebhookConfigurationRequestDto } from './webhook-configuration.request.dto';

type Response = Record<string, unknown>;

/** /webhooks: where shipment and order events are delivered (docs/api/webhooks.md). */
@ApiTags('webhooks')
@Controller('webhooks')
@UseErrorArea('shipping')
export class WebhooksController {
  constructor(@Inject(WEBHOOKS_CONTEXT) private readonly context: WebhooksContext) {}

  @Get()
  @RequireScopes('read:configuration')
  @ApiOperation({ summary: 'The tenant\'s webhook configurations, oldest first' })
  list(@CurrentAuth() auth: AuthContext): Promise<Response[]> {
    return this.context.configurations.list(auth);
  }

  @Post()
  @HttpCode(201)
  @RequireScopes('create:configuration')
  @ApiCreatedResponse({ description: 'the configuration, with its signing secret `secret` (answered this once)' })
  create(@CurrentAuth() auth: AuthContext, @Body() body: WebhookConfigurationRequestDto): Promise<Response> {
    return this.context.configurations.create(auth, body);
  }

  @Get(':webhookId')
  @RequireScopes('read:configuration')
  @ApiOkResponse({ description: 'the configuration (never its secret)' })
  get(@CurrentAuth() auth: AuthContext, @Param('webhookId') id: string): Promise<Response> {
    return this.context.configurations.get(auth, id);
  }

  @Put(':webhookId')
  @RequireScopes('update:configuration')
  @ApiOperation({ summary: 'Sets the fields given and clears the others; the secret is kept' })
  replace(@CurrentAuth() auth: AuthContext, @Param('webhookId') id: string, @Body() body: WebhookConfigurationRequestDto): Promise<Response> {
    return this.context.configurations.replace(auth, id, body);
  }

  @Delete(':webhookId')
  @RequireScopes('delete:configuration')
  @ApiOperation({ summary: 'Deletes it: nothing more is delivered to it; answers the object' })
  delete(@CurrentAuth() auth: AuthContext, @Param('webhookId') id: string): Promise<Response> {
    return this.context.configurations.delete(auth, id);
  }

  @Post(':webhookId/rotate-secret')
  @HttpCode(200)
  @RequireScopes('update:configuration')
  @ApiOperation({ summary: 'A new signing secret (answered this once); the previous one also signs for overlap_seconds' })
  rotate(@CurrentAuth() auth: AuthContext, @Param('webhookId') id: string, @Body() body: RotateSecretRequestDto): Promise<Response> {
    return this.context.configurations.rotateSecret(auth, id, body);
  }
}
