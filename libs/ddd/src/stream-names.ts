import { createHash } from 'node:crypto';

/**
 * The stream names of one aggregate, built and parsed in one place: `<prefix><id>` for each instance,
 * and the prefixes of its companion streams (reference reservations and the like), which start with
 * the same prefix but are no instance of the aggregate.
 */
export interface AggregateStreamNames {
  /** The stream of the instance `id`: `<prefix><id>`. */
  streamId(id: string): string;
  /** The instance id of one of its streams; undefined for any other stream (companion streams too). */
  idOf(streamId: string): string | undefined;
}

export function aggregateStreamNames(prefix: string, companionPrefixes: readonly string[] = []): AggregateStreamNames {
  return {
    streamId: (id) => `${prefix}${id}`,
    idOf: (streamId) => (!streamId.startsWith(prefix) || companionPrefixes.some((p) => streamId.startsWith(p))
      ? undefined
      : streamId.slice(prefix.length)),
  };
}

/** An aggregate's names with one reference stream per (tenant, partner reference), apart from its instances. */
export interface ReferencedStreamNames extends AggregateStreamNames {
  /** The stream of (tenant, partner reference): `<referencePrefix><tenant>-<sha256 of reference>`; its existence is the uniqueness guarantee. */
  referenceStreamId(tenantId: string, reference: string): string;
}

/** `<prefix><id>` for each instance and `<referencePrefix><tenant>-<hash>` for each reference (never parsed as an instance). */
export function referencedStreamNames(prefix: string, referencePrefix: string): ReferencedStreamNames {
  return {
    ...aggregateStreamNames(prefix, [referencePrefix]),
    referenceStreamId: (tenantId, reference) => hashedStreamId(`${referencePrefix}${tenantId}-`, reference),
  };
}

/** A stream named by a key of any length and content (a partner reference): `<prefix><sha256 of key>`. */
export function hashedStreamId(prefix: string, key: string): string {
  return `${prefix}${createHash('sha256').update(key).digest('hex')}`;
}
