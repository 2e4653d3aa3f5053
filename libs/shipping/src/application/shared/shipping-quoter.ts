import { Inject, Injectable, Optional } from '@nestjs/common';
import type { ErrorDetail, ShipmentState, ShippingQuote } from '../../domain/shipment';
import { CARRIER_ACCOUNT_DIRECTORY, type CarrierAccountDirectory } from '../ports/carrier-account-directory.port';
import { SHIPPING_RATER, type ShippingRater } from '../ports/shipping-rater.port';
import { SHIPMENT_ROUTER, type ShipmentRouter } from '../ports/shipment-router.port';
import { assignCarrier } from './carrier-assignment';

/**
 * The quote an estimate records: the carrier the shipment would be booked with (the account it names,
 * else routing) prices its current content. A shipment that is not a draft is not rated at all — the
 * decider refuses it on its status whatever the quote says.
 */
@Injectable()
export class ShippingQuoter {
  constructor(
    @Inject(CARRIER_ACCOUNT_DIRECTORY) private readonly carriers: CarrierAccountDirectory,
    @Inject(SHIPPING_RATER) private readonly rater: ShippingRater,
    @Optional() @Inject(SHIPMENT_ROUTER) private readonly router?: ShipmentRouter,
  ) {}

  async quote(tenantId: string, state: ShipmentState, at: string): Promise<ShippingQuote> {
    if (state.status !== 'draft') return unrated('not_draft', 'the shipment is not a draft');
    const carrier = await assignCarrier({ directory: this.carriers, router: this.router }, tenantId, { shipment_id: state.shipment_id, content: state.content }, undefined, at);
    switch (carrier.kind) {
      case 'none':
        return unrated('no_carrier_assigned', 'no carrier account is named and routing found none', 'carrier_account');
      case 'invalid':
        return unrated('carrier_account_invalid', `carrier account ${carrier.requested} is not active`, 'carrier_account');
      case 'assigned': {
        const rate = await this.rater.rate(tenantId, carrier.account.carrier_id, state.content, at);
        if (!rate) return unrated('carrier_account_invalid', `carrier account ${carrier.account.carrier_id} is unknown`, 'carrier_account');
        if (!rate.estimated_shipping_cost) return { kind: 'unrated', error_details: rate.error_details };
        return { kind: 'rated', carrier_account: carrier.account, cost: rate.estimated_shipping_cost };
      }
      default: {
        const unknown: never = carrier;
        throw new Error(`Unknown carrier assignment: ${JSON.stringify(unknown)}`);
      }
    }
  }
}

function unrated(code: string, message: string, field?: string): ShippingQuote {
  const detail: ErrorDetail = { level: 'ERROR', trigger: 'BOOKING', source: 'shipledger', type: 'VALIDATION', code, message, ...(field ? { field } : {}) };
  return { kind: 'unrated', error_details: [detail] };
}
