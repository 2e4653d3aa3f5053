import { commandEventMetadata, handle, loadStream, type CommandContext, type HandleResult } from '@shipledger/ddd';
import type { EventStore } from '@shipledger/event-store';
import {
  manifestDecider, manifestStreamId, ManifestCommandRejected,
  type ManifestCommand, type ManifestEvent, type ManifestState,
} from '../../domain';

export const MANIFEST_EVENT_SCHEMA_VERSION = 1;

type Options = Parameters<typeof handle<ManifestCommand, ManifestEvent, ManifestState>>[4];

/** The manifest stream on the one write path (libs/ddd handle), with the request's metadata. */
export class ManifestRepository {
  constructor(private readonly eventStore: EventStore) {}

  async load(tenantId: string, manifestId: string): Promise<ManifestState | undefined> {
    const { state } = await loadStream(this.eventStore, manifestDecider, manifestStreamId(manifestId));
    return state.exists && state.tenant_id === tenantId ? state : undefined;
  }

  async handle(
    tenantId: string, manifestId: string, command: ManifestCommand, context: CommandContext,
    options: Partial<Omit<Options, 'metadata'>> = {},
  ): Promise<HandleResult<ManifestCommand, ManifestEvent, ManifestState>> {
    return handle(this.eventStore, manifestDecider, manifestStreamId(manifestId), (state) => {
      // Another tenant's manifest reads as unknown: the decider then answers not_found.
      if (command.type !== 'CreateManifest' && state.exists && state.tenant_id !== tenantId) {
        throw new ManifestCommandRejected('not_found', [{ field: 'manifest_id', message: 'manifest not found' }]);
      }
      return command;
    }, {
      ...options,
      metadata: (event) => commandEventMetadata(event, tenantId, context, MANIFEST_EVENT_SCHEMA_VERSION),
    });
  }
}
