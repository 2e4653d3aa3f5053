import { KINDS, type ConfigurationKind, type ConfigurationObject } from '../../domain';

/** Kinds whose response always carries `merchants` (the time slot model has none). */
const WITH_MERCHANTS: ReadonlySet<ConfigurationKind> = new Set(['location', 'delivery_type', 'order_type', 'attribute']);

/** The object as the spec's response model: its id field first, the fields set, then `deleted`. */
export function toConfigurationResponse(kind: ConfigurationKind, object: Pick<ConfigurationObject, 'id' | 'fields' | 'deleted'>): Record<string, unknown> {
  const response: Record<string, unknown> = { [KINDS[kind].idField]: object.id, ...object.fields };
  if (WITH_MERCHANTS.has(kind)) response.merchants = object.fields.merchants ?? [];
  response.deleted = object.deleted;
  return response;
}
