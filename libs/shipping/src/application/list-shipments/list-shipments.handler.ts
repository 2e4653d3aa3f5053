import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DATABASE, type Database } from '@shipledger/database';
import { ApiError, type AuthContext } from '@shipledger/platform';
import { listShipments } from '../../read-models/shipment-list/shipment-list.queries';
import { toShipmentResponse } from '../shared/shipment-response';
import type { ListShipmentsQuery } from './list-shipments.query';

/** GET /shipments, dispatched through the QueryBus. */
export class ListShipments extends Query<Record<string, unknown>[]> {
  constructor(readonly query: ListShipmentsQuery, readonly auth: AuthContext) {
    super();
  }
}

/** One page of the shipment-list read model, each shipment shown as GET by id shows it. */
@QueryHandler(ListShipments)
export class ListShipmentsHandler implements IQueryHandler<ListShipments> {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  async execute({ query, auth }: ListShipments): Promise<Record<string, unknown>[]> {
    if (auth.merchants !== '*') {
      const scope = auth.merchants;
      const outside = query.merchants.filter((merchant) => !scope.includes(merchant));
      if (outside.length > 0) {
        throw ApiError.forbidden(`Forbidden: merchant ${outside.join(', ')} is outside this client's merchant scopes`);
      }
    }
    const states = await listShipments(this.database.kysely, auth.tenantId, query, auth.merchants);
    return states.map(toShipmentResponse);
  }
}
