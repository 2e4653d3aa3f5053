import type { ConfigurationCommand } from './configuration.commands';
import { ConfigurationCommandRejected, ConfigurationMessages } from './configuration.errors';
import { configurationEventType, type ConfigurationEvent, type ConfigurationFields } from './configuration.events';
import type { KindSpec } from './configuration.kinds';
import type { ConfigurationObject, ConfigurationState } from './configuration.state';

/**
 * decide(command, state) for one kind. The state is every object of the tenant's kind, so the
 * uniqueness of codes is checked here, against what the stream holds at the revision the append names.
 * Deleting a deleted object decides nothing (a repeated DELETE answers the same object).
 */
export function decideConfiguration(spec: KindSpec, command: ConfigurationCommand, state: ConfigurationState): ConfigurationEvent[] {
  const current = state.objects[command.id];
  const event = (change: 'Created' | 'Updated' | 'Deleted', fields: ConfigurationFields): ConfigurationEvent => ({
    type: configurationEventType(spec.kind, change),
    data: { tenant_id: command.tenant_id, id: command.id, fields, at: command.at, actor: command.actor },
  } as ConfigurationEvent);

  switch (command.type) {
    case 'CreateConfigurationObject': {
      if (current) throw new ConfigurationCommandRejected('already_exists', ConfigurationMessages.alreadyExists(spec, command.id));
      assertUnique(spec, state, command.id, command.fields);
      return [event('Created', command.fields)];
    }
    case 'ReplaceConfigurationObject': {
      const live = liveObject(spec, current, command.id);
      const fields = { ...command.fields };
      for (const field of spec.immutable) {
        if (live.fields[field] === undefined) delete fields[field];
        else fields[field] = live.fields[field];
      }
      assertUnique(spec, state, command.id, fields);
      return [event('Updated', fields)];
    }
    case 'DeleteConfigurationObject': {
      if (!current) throw new ConfigurationCommandRejected('not_found', ConfigurationMessages.notFound(spec, command.id));
      if (current.deleted) return [];
      return [event('Deleted', current.fields)];
    }
    default: {
      const unknown: never = command;
      throw new Error(`Unknown command ${(unknown as { type: string }).type}`);
    }
  }
}

function liveObject(spec: KindSpec, current: ConfigurationObject | undefined, id: string): ConfigurationObject {
  if (!current) throw new ConfigurationCommandRejected('not_found', ConfigurationMessages.notFound(spec, id));
  if (current.deleted) throw new ConfigurationCommandRejected('deleted', ConfigurationMessages.deleted(spec, id));
  return current;
}

/** Business rule: a code names one live object per tenant, or per merchant where merchants overlap. */
function assertUnique(spec: KindSpec, state: ConfigurationState, id: string, fields: ConfigurationFields): void {
  if (spec.uniqueness === 'none' || !spec.codeField) return;
  const code = fields[spec.codeField];
  if (typeof code !== 'string' || code === '') return;
  for (const other of Object.values(state.objects)) {
    if (other.id === id || other.deleted || other.fields[spec.codeField] !== code) continue;
    if (spec.uniqueWithin && other.fields[spec.uniqueWithin] !== fields[spec.uniqueWithin]) continue;
    if (spec.uniqueness === 'code-per-tenant') {
      throw new ConfigurationCommandRejected('duplicate', ConfigurationMessages.duplicateCode(spec, code));
    }
    const shared = sharedMerchant(fields.merchants, other.fields.merchants);
    if (shared !== undefined) {
      throw new ConfigurationCommandRejected('duplicate', shared === '*'
        ? ConfigurationMessages.duplicateCode(spec, code)
        : ConfigurationMessages.duplicateCodeForMerchant(spec, code, shared));
    }
  }
}

/** A merchant both lists allow ('*' when either allows every merchant), or undefined. */
export function sharedMerchant(a: readonly string[] | undefined, b: readonly string[] | undefined): string | undefined {
  if (!a?.length || !b?.length) return '*';
  return a.find((merchant) => b.includes(merchant));
}
