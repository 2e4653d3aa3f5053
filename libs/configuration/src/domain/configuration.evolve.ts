import type { ConfigurationEvent } from './configuration.events';
import { parseConfigurationEventType } from './configuration.events';
import type { ConfigurationState } from './configuration.state';

/** evolve(state, event): total, never throws; an event of another kind leaves the state as it is. */
export function evolveConfiguration(state: ConfigurationState, event: ConfigurationEvent): ConfigurationState {
  return parseConfigurationEventType(event.type) ? foldConfiguration(state, [event]) : state;
}

/**
 * The state after `events`, the same as reducing them with evolveConfiguration but in linear time: the
 * objects map is copied once, not once per event (a tenant's stream holds every object of the kind).
 */
export function foldConfiguration(state: ConfigurationState, events: readonly ConfigurationEvent[]): ConfigurationState {
  if (events.length === 0) return state;
  const objects: ConfigurationObjects = { ...state.objects };
  for (const event of events) applyTo(objects, event);
  return { objects };
}

type ConfigurationObjects = Record<string, ConfigurationState['objects'][string]>;

/** One event into a copy of the objects map that the caller owns. */
function applyTo(objects: ConfigurationObjects, event: ConfigurationEvent): void {
  const parsed = parseConfigurationEventType(event.type);
  if (!parsed) return;
  const { id, fields, at } = event.data;
  const current = objects[id];
  switch (parsed.change) {
    case 'Created':
      objects[id] = { id, fields, deleted: false, created_at: at, updated_at: at };
      return;
    case 'Updated':
      if (current) objects[id] = { ...current, fields, updated_at: at };
      return;
    case 'Deleted':
      if (current) objects[id] = { ...current, deleted: true, updated_at: at };
      return;
    default: {
      const unknown: never = parsed.change;
      return unknown;
    }
  }
}
