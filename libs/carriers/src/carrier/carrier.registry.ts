import type { OutboundClient } from '@shipledger/platform';
import type { CarrierCode } from '../accounts/carrier-account';
import { HttpCarrier } from '../http-carrier/http.carrier';
import { PdfLabelRenderer } from '../labels/pdf-label.pool';
import { SandboxCarrier } from '../sandbox/sandbox.carrier';
import type { SandboxStore } from '../sandbox/sandbox-store';
import type { Carrier } from './carrier.port';

/** One adapter per carrier code; accounts carry the per-tenant settings each call needs. */
export class CarrierRegistry {
  private readonly carriers: Map<CarrierCode, Carrier>;

  constructor(sandboxStore: SandboxStore, outbound: OutboundClient, extra: Carrier[] = [], labelRenderer: PdfLabelRenderer = new PdfLabelRenderer()) {
    const all: Carrier[] = [
      new SandboxCarrier('SANDBOX', sandboxStore, labelRenderer), new SandboxCarrier('SANDBOX_LITE', sandboxStore, labelRenderer),
      new HttpCarrier(outbound), ...extra,
    ];
    this.carriers = new Map(all.map((carrier) => [carrier.code, carrier]));
  }

  get(code: CarrierCode): Carrier {
    const carrier = this.carriers.get(code);
    if (!carrier) throw new Error(`No adapter for carrier ${code}`);
    return carrier;
  }
}
