import { ANY, NO_STREAM, STREAM_EXISTS } from '@eventstore/db-client';
import {
  decodeEsdbPosition,
  encodeEsdbPosition,
  fromEsdbCurrentRevision,
  toEsdbExpectedRevision,
  toRecordedEvent,
} from './esdb-mapping';

describe('EventStoreDB mapping', () => {
  it('maps the port expected revisions to the client constants and bigint revisions', () => {
    expect(toEsdbExpectedRevision('no_stream')).toBe(NO_STREAM);
    expect(toEsdbExpectedRevision('exists')).toBe(STREAM_EXISTS);
    expect(toEsdbExpectedRevision('any')).toBe(ANY);
    expect(toEsdbExpectedRevision(0)).toBe(0n);
    expect(toEsdbExpectedRevision(41)).toBe(41n);
  });

  it('reports a missing stream as actual revision -1', () => {
    expect(fromEsdbCurrentRevision(NO_STREAM)).toBe(-1);
    expect(fromEsdbCurrentRevision(7n)).toBe(7);
  });

  it('encodes commit positions as 20 zero-padded digits that order as strings', () => {
    const small = encodeEsdbPosition({ commit: 999n, prepare: 999n });
    const large = encodeEsdbPosition({ commit: 1000n, prepare: 1000n });
    expect(small).toBe('00000000000000000999');
    expect(small < large).toBe(true);
    expect(decodeEsdbPosition(large)).toEqual({ commit: 1000n, prepare: 1000n });
    expect(() => decodeEsdbPosition('00000000000000000001-00000000000000000001')).toThrow(RangeError);
  });

  it('maps a recorded event and drops system events', () => {
    const created = new Date('2026-01-02T03:04:05.678Z');
    const base = {
      streamId: 'shipment-1',
      id: '5a0f8d4e-5f7b-4d43-9b0c-2f4b7f0a9c11',
      isJson: true as const,
      revision: 3n,
      created,
      data: { a: 1 },
      metadata: { tenantId: 't' },
      position: { commit: 42n, prepare: 42n },
    };
    expect(toRecordedEvent({ event: { ...base, type: 'ShipmentConfirmed' } })).toEqual({
      id: base.id,
      type: 'ShipmentConfirmed',
      data: { a: 1 },
      metadata: { tenantId: 't' },
      streamId: 'shipment-1',
      revision: 3,
      position: '00000000000000000042',
      recordedAt: '2026-01-02T03:04:05.678Z',
    });
    expect(toRecordedEvent({ event: { ...base, type: '$metadata' } })).toBeUndefined();
  });
});
