import { ApiError } from '@shipledger/platform';
import { parseListShipmentsQuery } from './list-shipments.query';

function errorOf(query: Record<string, unknown>): ApiError {
  try {
    parseListShipmentsQuery(query);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected a 400');
}

describe('GET /shipments query', () => {
  it('defaults to the first page of 10, newest first, every merchant and type', () => {
    expect(parseListShipmentsQuery({})).toEqual({ merchants: [], page: 0, pageSize: 10 });
    expect(parseListShipmentsQuery(undefined)).toEqual({ merchants: [], page: 0, pageSize: 10 });
  });

  it.each(['10', '55', '100'])('accepts page_size %s', (size) => {
    expect(parseListShipmentsQuery({ page_size: size }).pageSize).toBe(Number(size));
  });

  it.each(['9', '101', '0', '-1', 'ten', '10.5'])('refuses page_size %s with a 400 naming the field', (size) => {
    const error = errorOf({ page_size: size });
    expect(error.status).toBe(400);
    expect(error.messages).toEqual(['page_size : must be between 10 and 100']);
  });

  it.each(['-1', 'x', '1.5'])('refuses page %s', (page) => {
    expect(errorOf({ page }).messages).toEqual(['page : must be 0 or greater']);
  });

  it('takes merchants repeated or comma-separated, and the shipment type in any case', () => {
    const query = parseListShipmentsQuery({ merchant: ['A', 'B,C'], shipment_type: 'Reverse', page: '3' });
    expect(query).toMatchObject({ merchants: ['A', 'B', 'C'], entityType: 'REVERSE', page: 3 });
    expect(errorOf({ shipment_type: 'sideways' }).messages).toEqual(['shipment_type : must be forward or reverse']);
  });

  it('reads dates as UTC without an offset, a plain date as its whole day, and refuses others', () => {
    expect(parseListShipmentsQuery({
      creation_date_from: '2026-11-21T10:15:00',
      creation_date_to: '2026-11-21',
      update_date_from: '2026-11-21T10:15:00+0400',
      update_date_to: '2026-11-21T10:15:00.5-01:00',
    })).toMatchObject({
      creationFrom: '2026-11-21T10:15:00.000Z',
      creationTo: '2026-11-21T23:59:59.999Z',
      updateFrom: '2026-11-21T06:15:00.000Z',
      updateTo: '2026-11-21T11:15:00.500Z',
    });
    expect(errorOf({ update_date_to: 'yesterday' }).messages)
      .toEqual(['update_date_to : must be an ISO 8601 date or date-time']);
    expect(errorOf({ creation_date_from: '2026-13-45' }).status).toBe(400);
  });

  it('ignores a blank search string and refuses a repeated one', () => {
    expect(parseListShipmentsQuery({ search_string: '  ' }).searchString).toBeUndefined();
    expect(errorOf({ search_string: ['a', 'b'] }).messages).toEqual(['search_string : must be given once']);
  });
});
