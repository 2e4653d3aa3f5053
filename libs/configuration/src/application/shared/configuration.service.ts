import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { DATABASE, type Database } from '@shipledger/database';
import { ApiError, PLATFORM_SERVICES, type AuthContext, type PlatformServices } from '@shipledger/platform';
import {
  ConfigurationCommandRejected, ConfigurationMessages, DECIDERS, KINDS,
  type ConfigurationCommand, type ConfigurationFields, type ConfigurationKind, type ConfigurationObject,
} from '../../domain';
import { listConfigurationObjects } from '../../read-models/configuration-lookups/configuration-lookups.queries';
import { configurationMetaFrom } from './configuration-meta';
import { toConfigurationResponse } from './configuration-response';
import { ConfigurationStore } from './configuration.store';
import { ExecuteConfigurationCommand } from './execute-configuration.command';

type Response = Record<string, unknown>;

/**
 * The use cases every configuration resource shares. Writes go through the CommandBus to the kind's
 * decider; a read by id folds the stream (never older than the last acknowledged write); lists come
 * from the lookup read model. A client limited to some merchants sees the objects one of its merchants
 * may use, and may write only objects restricted to its own merchants.
 */
@Injectable()
export class ConfigurationService {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly store: ConfigurationStore,
    @Inject(DATABASE) private readonly database: Database,
    @Inject(PLATFORM_SERVICES) private readonly platform: PlatformServices,
  ) {}

  async create(kind: ConfigurationKind, auth: AuthContext, fields: ConfigurationFields, id: string = randomUUID()): Promise<Response> {
    assertWritable(kind, auth, fields);
    await this.assertKnownMerchants(auth, fields);
    return this.execute(kind, auth, { type: 'CreateConfigurationObject', fields, ...this.base(auth, id) });
  }

  async get(kind: ConfigurationKind, auth: AuthContext, id: string): Promise<Response> {
    return toConfigurationResponse(kind, await this.visible(kind, auth, id));
  }

  async list(kind: ConfigurationKind, auth: AuthContext): Promise<Response[]> {
    const order = kind === 'order_type' ? 'newest-first' : 'oldest-first';
    const objects = await listConfigurationObjects(this.database.kysely, auth.tenantId, kind, order);
    return objects.filter((object) => isVisible(auth, object.fields)).map((object) => toConfigurationResponse(kind, object));
  }

  async replace(kind: ConfigurationKind, auth: AuthContext, id: string, fields: ConfigurationFields): Promise<Response> {
    assertWritable(kind, auth, (await this.visible(kind, auth, id)).fields);
    assertWritable(kind, auth, fields);
    await this.assertKnownMerchants(auth, fields);
    return this.execute(kind, auth, { type: 'ReplaceConfigurationObject', fields, ...this.base(auth, id) });
  }

  async delete(kind: ConfigurationKind, auth: AuthContext, id: string): Promise<Response> {
    assertWritable(kind, auth, (await this.visible(kind, auth, id)).fields);
    return this.execute(kind, auth, { type: 'DeleteConfigurationObject', ...this.base(auth, id) });
  }

  /** Every merchant named must be one of the tenant's (as for a shipment's merchant). */
  private async assertKnownMerchants(auth: AuthContext, fields: ConfigurationFields): Promise<void> {
    const unknown: string[] = [];
    for (const merchant of fields.merchants ?? []) {
      if (!(await this.platform.directory.hasMerchant(auth.tenantId, merchant))) unknown.push(merchant);
    }
    if (unknown.length === 0) return;
    const message = `unknown merchant${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}`;
    throw ApiError.badRequest(`merchants : ${message}`, [{ field: 'merchants', message }], 'validation_failed');
  }

  private base(auth: AuthContext, id: string) {
    return { tenant_id: auth.tenantId, id, at: new Date().toISOString(), actor: auth.clientId };
  }

  private async execute(kind: ConfigurationKind, auth: AuthContext, command: ConfigurationCommand): Promise<Response> {
    try {
      const state = await this.commandBus.execute(new ExecuteConfigurationCommand(kind, command, configurationMetaFrom(auth)));
      return toConfigurationResponse(kind, state.objects[command.id]!);
    } catch (error) {
      throw toApiError(error);
    }
  }

  /** The object as its stream holds it now, if this caller may see it; otherwise the unknown-id 404. */
  private async visible(kind: ConfigurationKind, auth: AuthContext, id: string): Promise<ConfigurationObject> {
    const { state } = await this.store.load(DECIDERS[kind], auth.tenantId);
    const object = state.objects[id];
    if (!object || !isVisible(auth, object.fields)) throw ApiError.notFound(ConfigurationMessages.notFound(KINDS[kind], id));
    return object;
  }
}

function isVisible(auth: AuthContext, fields: ConfigurationFields): boolean {
  if (auth.merchants === '*' || !fields.merchants?.length) return true;
  const mine = auth.merchants;
  return fields.merchants.some((merchant) => mine.includes(merchant));
}

/** A client limited to merchants writes only objects restricted to them (time slots have no merchants). */
function assertWritable(kind: ConfigurationKind, auth: AuthContext, fields: ConfigurationFields): void {
  if (auth.merchants === '*' || kind === 'time_slot') return;
  const mine = auth.merchants;
  const merchants = fields.merchants ?? [];
  if (merchants.length === 0) throw ApiError.forbidden(`A client limited to merchants must name them in merchants: ${mine.join(', ')}`);
  const outside = merchants.find((merchant) => !mine.includes(merchant));
  if (outside !== undefined) throw ApiError.forbidden(`Not allowed to configure ${KINDS[kind].noun}s for merchant ${outside}`);
}

function toApiError(error: unknown): unknown {
  if (!(error instanceof ConfigurationCommandRejected)) return error;
  return error.code === 'not_found' ? ApiError.notFound(error.message) : ApiError.badRequest(error.message, [], error.code);
}
