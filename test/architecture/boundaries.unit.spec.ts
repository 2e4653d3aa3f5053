import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The import boundaries of eslint.config.mjs, each shown failing on a deliberate violation (and a
 * neighbour that is allowed). ESLint runs in a child process: it loads its config with import(), which
 * jest's module sandbox does not offer.
 */
interface Probe {
  zone: string;
  file: string;
  code: string;
  /** A piece of the message the boundary answers with; undefined: the code is allowed. */
  refused?: string;
}

const PROBES: Probe[] = [
  { zone: 'domain: no Nest', file: 'libs/shipping/src/domain/shipment/probe.ts', code: "import { Injectable } from '@nestjs/common';\nexport const x = Injectable;", refused: 'domain/ must not import Nest' },
  { zone: 'domain: no SQL client', file: 'libs/ordering/src/domain/order/probe.ts', code: "import { sql } from 'kysely';\nexport const x = sql;", refused: 'domain/ must not import SQL clients' },
  { zone: 'domain: no event store', file: 'libs/shipping/src/domain/shipment/probe.ts', code: "import { EVENT_STORE } from '@shipledger/event-store';\nexport const x = EVENT_STORE;", refused: 'event store or database' },
  { zone: 'domain: no clock', file: 'libs/shipping/src/domain/shipment/probe.ts', code: 'export const now = () => new Date();', refused: 'never a clock' },
  { zone: 'domain: no clock (Date.now)', file: 'libs/configuration/src/domain/probe.ts', code: 'export const now = () => Date.now();', refused: 'never a clock' },
  { zone: 'domain: no random ids', file: 'libs/shipping/src/domain/shipment/probe.ts', code: "import { randomUUID } from 'node:crypto';\nexport const x = randomUUID;", refused: 'ids reach decide through the command' },
  { zone: 'domain: a hash is deterministic', file: 'libs/shipping/src/domain/shipment/probe.ts', code: "import { createHash } from 'node:crypto';\nexport const x = createHash;" },
  { zone: 'domain: a date given is fine', file: 'libs/shipping/src/domain/shipment/probe.ts', code: 'export const at = (iso: string) => new Date(iso);' },
  { zone: 'context: another context only through its index', file: 'libs/carriers/src/booking/probe.ts', code: "import { decide } from '@shipledger/shipping/domain/shipment';\nexport const x = decide;", refused: 'only through its index' },
  { zone: 'routing: another context only through its index', file: 'libs/routing/src/automation/application/probe.ts', code: "import { decide } from '@shipledger/shipping/domain/shipment';\nexport const x = decide;", refused: 'only through its index' },
  { zone: 'routing domain: no Nest', file: 'libs/routing/src/rulesets/domain/probe.ts', code: "import { Injectable } from '@nestjs/common';\nexport const x = Injectable;", refused: 'domain/ must not import Nest' },
  { zone: 'routing domain: no clock', file: 'libs/routing/src/automation/domain/probe.ts', code: 'export const now = () => Date.now();', refused: 'never a clock' },
  { zone: 'inventory: ordering only through its index', file: 'libs/inventory/src/application/probe.ts', code: "import { decide } from '@shipledger/ordering/domain/order';\nexport const x = decide;", refused: 'only through its index' },
  { zone: 'inventory: the ORDER_INVENTORY port from the index', file: 'libs/inventory/src/application/probe.ts', code: "import { ORDER_INVENTORY } from '@shipledger/ordering';\nexport const x = ORDER_INVENTORY;" },
  { zone: 'inventory domain: no event store', file: 'libs/inventory/src/domain/probe.ts', code: "import { EVENT_STORE } from '@shipledger/event-store';\nexport const x = EVENT_STORE;", refused: 'event store or database' },
  { zone: 'context: the index is allowed', file: 'libs/carriers/src/booking/probe.ts', code: "import { ShippingCommands } from '@shipledger/shipping';\nexport const x = ShippingCommands;" },
  { zone: 'context: no relative path into another library', file: 'libs/carriers/src/booking/probe.ts', code: "import { decide } from '../../../shipping/src/domain/shipment';\nexport const x = decide;", refused: 'not by a relative path' },
  { zone: 'library: never apps/', file: 'libs/testing/src/probe.ts', code: "import { createApiApp } from '../../../apps/api/src/create-api-app';\nexport const x = createApiApp;", refused: 'never apps/' },
  { zone: 'slice: no sibling slice', file: 'libs/shipping/src/application/confirm-shipment/probe.ts', code: "import { ShipmentDocumentsHandler } from '../documents/shipment-documents.handler';\nexport const x = ShipmentDocumentsHandler;", refused: 'sibling slice' },
  { zone: 'slice: shared and ports are for that', file: 'libs/shipping/src/application/confirm-shipment/probe.ts', code: "import { ShipmentHttp } from '../shared/shipment-http';\nimport { SHIPPING_RATER } from '../ports/shipping-rater.port';\nexport const x = [ShipmentHttp, SHIPPING_RATER];" },
  { zone: 'manifests domain: no Nest', file: 'libs/manifests/src/domain/manifest/probe.ts', code: "import { Injectable } from '@nestjs/common';\nexport const x = Injectable;", refused: 'domain/ must not import Nest' },
  { zone: 'manifests domain: no clock', file: 'libs/manifests/src/domain/manifest/probe.ts', code: 'export const now = () => new Date();', refused: 'never a clock' },
  { zone: 'manifests: shipping only through its index', file: 'libs/manifests/src/application/shared/probe.ts', code: "import { decide } from '@shipledger/shipping/domain/shipment';\nexport const x = decide;", refused: 'only through its index' },
  { zone: 'manifests: carriers only through its index', file: 'libs/manifests/src/application/shared/probe.ts', code: "import { SandboxCarrier } from '../../../../carriers/src/sandbox/sandbox.carrier';\nexport const x = SandboxCarrier;", refused: 'not by a relative path' },
  { zone: 'manifests: the indexes are allowed', file: 'libs/manifests/src/application/shared/probe.ts', code: "import { ShippingCommands } from '@shipledger/shipping';\nimport { CARRIER_MANIFESTS } from '@shipledger/carriers';\nexport const x = [ShippingCommands, CARRIER_MANIFESTS];" },
  { zone: 'manifests: no sibling slice', file: 'libs/manifests/src/application/create-manifest/probe.ts', code: "import { ManifestActionsController } from '../manifest-actions/manifest-actions.controller';\nexport const x = ManifestActionsController;", refused: 'sibling slice' },
  { zone: 'read model: no application code', file: 'libs/shipping/src/read-models/shipment-list/probe.ts', code: "import { ShipmentHttp } from '../../application/shared/shipment-http';\nexport const x = ShipmentHttp;", refused: 'never application code' },
  { zone: 'read model: events and domain types', file: 'libs/shipping/src/read-models/shipment-list/probe.ts', code: "import type { ShipmentEvent } from '../../domain/shipment/shipment.events';\nexport type X = ShipmentEvent;" },
  { zone: 'configuration: shipping only through its index', file: 'libs/configuration/src/application/shared/probe.ts', code: "import { decide } from '@shipledger/shipping/domain/shipment';\nexport const x = decide;", refused: 'only through its index' },
  { zone: 'configuration read model: no application code', file: 'libs/configuration/src/read-models/configuration-lookups/probe.ts', code: "import { ConfigurationStore } from '../../application/shared/configuration.store';\nexport const x = ConfigurationStore;", refused: 'never application code' },
  { zone: 'ordering: no sibling slice', file: 'libs/ordering/src/application/list-orders/probe.ts', code: "import { readTenantOrderStream } from '../order-history/order-stream.reader';\nexport const x = readTenantOrderStream;", refused: 'sibling slice' },
  { zone: 'webhooks domain: no Nest', file: 'libs/webhooks/src/domain/probe.ts', code: "import { Injectable } from '@nestjs/common';\nexport const x = Injectable;", refused: 'domain/ must not import Nest' },
  { zone: 'webhooks domain: no clock', file: 'libs/webhooks/src/domain/probe.ts', code: 'export const now = () => Date.now();', refused: 'never a clock' },
  { zone: 'webhooks: ordering only through its index', file: 'libs/webhooks/src/application/shared/probe.ts', code: "import { decide } from '@shipledger/ordering/domain/order';\nexport const x = decide;", refused: 'only through its index' },
  { zone: 'webhooks: no sibling slice', file: 'libs/webhooks/src/application/replay/probe.ts', code: "import { DeliveryLogService } from '../delivery-log/delivery-log.service';\nexport const x = DeliveryLogService;", refused: 'sibling slice' },
  { zone: 'reporting: shipping only through its index', file: 'libs/reporting/src/read-models/probe.ts', code: "import { decide } from '@shipledger/shipping/domain/shipment';\nexport const x = decide;", refused: 'only through its index' },
  { zone: 'reporting: no relative path into another library', file: 'libs/reporting/src/shipment-facts/probe.ts', code: "import { evolve } from '../../../shipping/src/domain/shipment';\nexport const x = evolve;", refused: 'not by a relative path' },
  { zone: 'carriers: never apps/', file: 'libs/carriers/src/tracking/probe.ts', code: "import { createApiApp } from '../../../../apps/api/src/create-api-app';\nexport const x = createApiApp;", refused: 'never apps/' },
  { zone: 'platform (kernel): no bounded context', file: 'libs/platform/src/http/probe.ts', code: "import { ShippingCommands } from '@shipledger/shipping';\nexport const x = ShippingCommands;", refused: 'knows no bounded context' },
  { zone: 'projections (kernel): no bounded context', file: 'libs/projections/src/probe.ts', code: "import { ReportingModule } from '@shipledger/reporting';\nexport const x = ReportingModule;", refused: 'knows no bounded context' },
  { zone: 'ddd (kernel): no bounded context', file: 'libs/ddd/src/probe.ts', code: "import { orderDecider } from '@shipledger/ordering';\nexport const x = orderDecider;", refused: 'knows no bounded context' },
  { zone: 'event-store (kernel): no bounded context', file: 'libs/event-store/src/probe.ts', code: "import { InventoryModule } from '@shipledger/inventory';\nexport const x = InventoryModule;", refused: 'knows no bounded context' },
  { zone: 'database (kernel): no bounded context', file: 'libs/database/src/probe.ts', code: "import { ConfigurationModule } from '@shipledger/configuration';\nexport const x = ConfigurationModule;", refused: 'knows no bounded context' },
  { zone: 'kernel: another kernel library is allowed', file: 'libs/projections/src/probe.ts', code: "import { EVENT_STORE } from '@shipledger/event-store';\nimport { DATABASE } from '@shipledger/database';\nexport const x = [EVENT_STORE, DATABASE];" },
  { zone: 'production code: never the testing kit', file: 'libs/manifests/src/application/shared/probe.ts', code: "import { deciderSpec } from '@shipledger/testing';\nexport const x = deciderSpec;", refused: 'never imports the testing kit' },
  { zone: 'testing: never apps/ (a deeper path)', file: 'libs/testing/src/event-store-contract/probe.ts', code: "import { main } from '../../../../apps/worker/src/main';\nexport const x = main;", refused: 'never apps/' },
  { zone: 'a specification may use the testing kit', file: 'libs/manifests/src/domain/manifest/probe.unit.spec.ts', code: "import { deciderSpec } from '@shipledger/testing';\nexport const x = deciderSpec;" },
];

const LINT = `
const { ESLint } = require('eslint');
let input = '';
process.stdin.on('data', (chunk) => (input += chunk));
process.stdin.on('end', async () => {
  const eslint = new ESLint();
  const answers = [];
  for (const probe of JSON.parse(input)) {
    const [result] = await eslint.lintText(probe.code, { filePath: probe.file });
    answers.push(result.messages.map((m) => m.ruleId + ': ' + m.message));
  }
  process.stdout.write(JSON.stringify(answers));
});`;

describe('import boundaries (eslint.config.mjs)', () => {
  let answers: string[][];

  beforeAll(() => {
    const root = join(__dirname, '..', '..');
    const out = execFileSync(process.execPath, ['-e', LINT], { cwd: root, input: JSON.stringify(PROBES), encoding: 'utf8' });
    answers = JSON.parse(out) as string[][];
  });

  it('every library under libs/ has a boundary shown refusing a violation', () => {
    const root = join(__dirname, '..', '..');
    const libraries = readdirSync(join(root, 'libs'), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    const shown = new Set(PROBES.filter((probe) => probe.refused).map((probe) => probe.file.split('/')[1]));
    expect(libraries.filter((library) => !shown.has(library))).toEqual([]);
  });

  it.each(PROBES.map((probe, index) => [probe.zone, index] as const))('%s', (_zone, index) => {
    const probe = PROBES[index]!;
    const messages = answers[index]!;
    if (probe.refused) expect(messages).toEqual([expect.stringContaining(probe.refused)]);
    else expect(messages).toEqual([]);
  });
});
