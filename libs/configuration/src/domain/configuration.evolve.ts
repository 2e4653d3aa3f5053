import type { ConfigurationEvent } from './configuration.events';
import { parseConfigurationEventType } from './configuration.events';
import type { ConfigurationState } from './configuration.state';

/** evolve(state, event): total, never throws; an event of another kind leaves the state as it is. */
export function evolveConfiguration(state: ConfigurationState, event: ConfigurationEvent): ConfigurationState {
  const parsed = parseConfigurationEventType(event.type);
  if (!parsed) return state;
  const { id, fields, at } = event.data;
  const current = state.objects[id];
  switch (parsed.change) {
    case 'Created':
      return { objects: { ...state.objects, [id]: { id, fields, deleted: false, created_at: at, updated_at: at } } };
    case 'Updated':
      if (!current) return state;
      return { objects: { ...state.objects, [id]: { ...current, fields, updated_at: at } } };
    case 'Deleted':
      if (!current) return state;
      return { objects: { ...state.objects, [id]: { ...current, deleted: true, updated_at: at } } };
    default: {
      const unknown: never = parsed.change;
      return unknown;
    }
  }
}

/**
 * The state after `events`, the same as reducing them with evolveConfiguration but in linear time: the
 * objects map is copied once, not once per event (a tenant's stream holds every object of the kind).
 */
export function foldConfiguration(state: ConfigurationState, events: readonly ConfigurationEvent[]): ConfigurationState {
  if (events.length === 0) return state;
  const objects: Record<string, ConfigurationState['objects'][string]> = { ...state.objects };
  for (const event of events) {
    const parsed = parseConfigurationEventType(event.type);
    if (!parsed) continue;
    const { id, fields, at } = event.data;
    const current = objects[id];
    if (parsed.change === 'Created') objects[id] = { id, fields, deleted: false, created_at: at, updated_at: at };
    else if (current && parsed.change === 'Updated') objects[id] = { ...current, fields, updated_at: at };
    else if (current && parsed.change === 'Deleted') objects[id] = { ...current, deleted: true, updated_at: at };
  }
  return { objects };
}
