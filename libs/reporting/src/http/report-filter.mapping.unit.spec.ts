import type { AuthContext } from '@shipledger/platform';
import { prefersCsv } from './reports.controller';
import { reportFilter } from './report-filter.mapping';

const auth = (merchants: string[] | '*' = '*') => ({ tenantId: 'T1', merchants } as unknown as AuthContext);
const now = new Date('2026-11-10T23:30:00Z');

describe('the report filter from a query', () => {
  it('defaults to the last 30 days up to today in the time zone', () => {
    expect(reportFilter({}, auth(), now)).toEqual({ tenantId: 'T1', merchants: '*', carrierAccounts: [], from: '2026-10-12', to: '2026-11-10', timeZone: 'UTC' });
    // 23:30 UTC is already the 11th in Tokyo.
    expect(reportFilter({ time_zone: 'Asia/Tokyo' }, auth(), now)).toMatchObject({ from: '2026-10-13', to: '2026-11-11' });
    expect(reportFilter({ from: '2026-01-01' }, auth(), now)).toMatchObject({ from: '2026-01-01', to: '2026-01-30' });
  });

  it('names each day that does not exist, a backwards range and one longer than a year', () => {
    const fails = (query: object) => {
      try {
        reportFilter(query, auth(), now);
      } catch (error) {
        return (error as { details: { field: string; message: string }[] }).details;
      }
      throw new Error('accepted');
    };
    expect(fails({ from: '2026-02-30', to: '2026-13-01' })).toEqual([
      { field: 'from', message: 'from is not a calendar day' }, { field: 'to', message: 'to is not a calendar day' },
    ]);
    expect(fails({ from: '2026-03-02', to: '2026-03-01' })).toEqual([{ field: 'to', message: 'to must not be before from' }]);
    expect(fails({ from: '2025-01-01', to: '2026-01-02' })).toEqual([{ field: 'to', message: 'the range must be at most 366 days' }]);
    expect(reportFilter({ from: '2024-01-01', to: '2024-12-31' }, auth(), now).to).toBe('2024-12-31');
  });

  it('keeps a merchant-limited client to its merchants and refuses others', () => {
    expect(reportFilter({}, auth(['A', 'B']), now).merchants).toEqual(['A', 'B']);
    expect(reportFilter({ merchant: ['B'] }, auth(['A', 'B']), now).merchants).toEqual(['B']);
    expect(() => reportFilter({ merchant: ['C'] }, auth(['A']), now)).toThrow(/merchant C is outside/);
  });
});

describe('CSV or JSON from the Accept header', () => {
  it.each([
    ['text/csv', true],
    ['text/csv;q=0.9, application/json;q=0.5', true],
    ['application/json, text/csv', false],
    ['text/csv;q=0, application/json', false],
    ['*/*', false],
    [undefined, false],
  ])('%s → CSV %s', (accept, csv) => {
    expect(prefersCsv(accept)).toBe(csv);
  });
});
