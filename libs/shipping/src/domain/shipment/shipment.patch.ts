import type { CustomAttributes, ShipmentContent, ShipmentPatch } from './shipment.content';

/** Top-level attributes of a patch replace the stored ones whole (spec rule 3); undefined ones are kept. */
export function mergeTopLevel(content: ShipmentContent, changes: Omit<ShipmentPatch, 'custom_attributes'>): ShipmentContent {
  const next: Record<string, unknown> = { ...content };
  for (const [key, value] of Object.entries(changes)) {
    if (key === 'custom_attributes') continue;
    if (value === undefined) continue;
    if (value === null) delete next[key];
    else next[key] = value;
  }
  return next as ShipmentContent;
}

/** Custom attributes merge one by one; `null` removes one. */
export function mergeCustomAttributes(
  current: CustomAttributes | undefined,
  changes: Record<string, string[] | null>,
): CustomAttributes {
  const next: CustomAttributes = { ...(current ?? {}) };
  for (const [name, values] of Object.entries(changes)) {
    if (values === null) delete next[name];
    else next[name] = [...values];
  }
  return next;
}

/** Splits a patch into its top-level changes and its custom-attribute changes. */
export function splitPatch(patch: ShipmentPatch): {
  changes: Omit<ShipmentPatch, 'custom_attributes'>;
  customAttributes?: Record<string, string[] | null>;
} {
  const { custom_attributes: customAttributes, ...changes } = patch;
  return { changes, customAttributes };
}

/** The content after a partial update (what confirm and reprocess validate for booking). */
export function applyPatch(content: ShipmentContent, patch: ShipmentPatch): ShipmentContent {
  const { changes, customAttributes } = splitPatch(patch);
  const merged = mergeTopLevel(content, changes);
  return customAttributes ? { ...merged, custom_attributes: mergeCustomAttributes(merged.custom_attributes, customAttributes) } : merged;
}
