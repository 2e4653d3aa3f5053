import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import type { EventStore } from '@shipledger/event-store';
import { validationFailed } from '@shipledger/platform';
import { DECIDERS } from '../../domain';
import { toConfigurationFields } from '../shared/configuration-fields';
import { toConfigurationResponse } from '../shared/configuration-response';
import { ConfigurationStore } from '../shared/configuration.store';
import { LocationRequestDto } from './location.request.dto';

/**
 * Locations for operators (the cli): the same request rules and decider as POST /locations, straight
 * on the event store. A bad request throws the ApiError the API would answer (its messages name fields).
 */
export class LocationAdmin {
  private readonly store: ConfigurationStore;

  constructor(deps: { eventStore: EventStore }) {
    this.store = new ConfigurationStore(deps.eventStore);
  }

  /** The tenant's live locations, oldest first, as the stream holds them now. */
  async list(tenantId: string): Promise<Record<string, unknown>[]> {
    const { state } = await this.store.load(DECIDERS.location, tenantId);
    return Object.values(state.objects).filter((object) => !object.deleted)
      .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id))
      .map((object) => toConfigurationResponse('location', object));
  }

  async create(tenantId: string, body: Record<string, unknown>, id: string, at: Date = new Date()): Promise<Record<string, unknown>> {
    const request = plainToInstance(LocationRequestDto, body);
    const errors = await validate(request, { whitelist: true, forbidNonWhitelisted: true, validationError: { target: false, value: false } });
    if (errors.length > 0) throw validationFailed(errors);
    const fields = toConfigurationFields('location', request);
    const meta = { actor: 'operator', requestId: `cli-${id}`, correlationId: `cli-${id}` };
    const state = await this.store.handle(DECIDERS.location, {
      type: 'CreateConfigurationObject', tenant_id: tenantId, id, fields, at: at.toISOString(), actor: 'operator',
    }, meta);
    return toConfigurationResponse('location', state.objects[id]!);
  }
}
