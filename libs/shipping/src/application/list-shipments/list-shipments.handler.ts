import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type Database } from '@shipledger/database';
import { ApiError, type AuthContext } from '@shipledger/platform';
import { listShipments } from '../../read-models/shipment-list/shipment-list.queries';
import { toShipmentResponse } from '../shared/shipment-response';
import type { ListShipmentsQuery } from './list-shipments.query';

/** GET /shipments: one page of the shipment-list read model, each shipment shown as GET by id shows it. */
@Injectable()
export class ListShipmentsHandler {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  async execute(query: ListShipmentsQuery, auth: AuthContext): Promise<Record<string, unknown>[]> {
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
