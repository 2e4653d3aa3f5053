import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DATABASE, type Database } from '@shipledger/database';
import { ApiError, queryList, type AuthContext } from '@shipledger/platform';
import { bulkStatus, type BulkStatusItem } from '../../read-models/shipment-list/shipment-list.queries';

/** At most this many ids per call: the whole list goes into one indexed query. */
export const BULK_STATUS_MAX_IDS = 500;

/** `shipment_id=a,b&shipment_id=c` → ['a', 'b', 'c'] (order kept, duplicates dropped), or a 400. */
export function parseShipmentIds(raw: unknown): string[] {
  const ids = [...new Set(queryList(raw))];
  if (ids.length === 0) throw ApiError.badRequest('shipment_id : must not be blank', [{ field: 'shipment_id', message: 'must not be blank' }]);
  if (ids.length > BULK_STATUS_MAX_IDS) {
    const message = `must list at most ${BULK_STATUS_MAX_IDS} shipments`;
    throw ApiError.badRequest(`shipment_id : ${message}`, [{ field: 'shipment_id', message }]);
  }
  return ids;
}

/** GET /shipments/bulk/status, dispatched through the QueryBus. */
export class GetBulkStatus extends Query<BulkStatusItem[]> {
  constructor(readonly ids: readonly string[], readonly auth: AuthContext) {
    super();
  }
}

@QueryHandler(GetBulkStatus)
export class BulkStatusHandler implements IQueryHandler<GetBulkStatus> {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  execute({ ids, auth }: GetBulkStatus): Promise<BulkStatusItem[]> {
    return bulkStatus(this.database.kysely, auth.tenantId, ids, auth.merchants);
  }
}
