import { getMetadataStorage, type MetadataStorage } from 'class-validator';

type Lookup = MetadataStorage['getTargetValidationMetadatas'];
type Grouping = MetadataStorage['groupByPropertyName'];
type Metadata = ReturnType<Lookup>;

const INSTALLED = Symbol.for('shipledger.validation-metadata-cache');

/**
 * class-validator looks up a class's rules on every validation of every nested object: it filters the
 * class's own rules and then walks every class it knows (`instanceof` against each) for inherited ones,
 * and groups the result by property. The rules only change when a decorator registers one, so the
 * answers are remembered per (class, schema, options) until the next registration. Profiled at 16
 * concurrent creates, the lookups were about a quarter of the validation time.
 *
 * Callers get the remembered arrays and groupings themselves; class-validator and Nest's
 * ValidationPipe (the only callers) only read them. Installed once per process, on the global storage.
 */
export function installValidationMetadataCache(storage: MetadataStorage = getMetadataStorage()): void {
  const target = storage as MetadataStorage & { [INSTALLED]?: true };
  if (target[INSTALLED]) return;
  target[INSTALLED] = true;

  const lookup: Lookup = storage.getTargetValidationMetadatas.bind(storage);
  const grouping: Grouping = storage.groupByPropertyName.bind(storage);
  let lookups = new Map<Parameters<Lookup>[0], Map<string, Metadata>>();
  let groupings = new WeakMap<Metadata, ReturnType<Grouping>>();
  const forget = () => {
    lookups = new Map();
    groupings = new WeakMap();
  };

  for (const method of ['addValidationSchema', 'addValidationMetadata', 'addConstraintMetadata'] as const) {
    const original = (storage[method] as (...args: unknown[]) => void).bind(storage);
    (storage as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
      forget();
      original(...args);
    };
  }

  storage.getTargetValidationMetadatas = (targetConstructor, targetSchema, always, strictGroups, groups) => {
    const key = `${targetSchema ?? ''}\u0000${always}\u0000${strictGroups}\u0000${groups === undefined ? '-' : JSON.stringify(groups)}`;
    let byOptions = lookups.get(targetConstructor);
    if (!byOptions) lookups.set(targetConstructor, (byOptions = new Map()));
    let found = byOptions.get(key);
    if (!found) byOptions.set(key, (found = lookup(targetConstructor, targetSchema, always, strictGroups, groups)));
    return found;
  };
  storage.groupByPropertyName = (metadata) => {
    let grouped = groupings.get(metadata);
    if (!grouped) groupings.set(metadata, (grouped = grouping(metadata)));
    return grouped;
  };
}
