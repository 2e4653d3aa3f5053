import { sql } from 'kysely';
import { jsonRecordset, type Database } from '@shipledger/database';
import { DATABASE_KINDS, openTestDatabase } from '../../libs/testing/src/test-database';

describe.each(DATABASE_KINDS)('a batch of rows as JSON (jsonRecordset) on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database.close());

  it('gives each object as a row of the declared types, nested JSON kept whole in a jsonb column', async () => {
    // Given rows with free text that needs escapes, a timestamp, a number and a nested document
    const rows = [
      { id: 'a', note: 'quote " backslash \\ tab \t é 😀', at: '2026-11-27T10:00:00.000Z', n: 7, doc: { nested: [1, { deep: 'x"y' }], empty: {} } },
      { id: 'b', note: null, at: '2026-11-27T11:30:00.000Z', n: -1, doc: [] },
    ];
    // When they are selected through the recordset
    const { rows: found } = await sql<{ id: string; note: string | null; at: Date; n: number; doc: unknown }>`
      select * from ${jsonRecordset(JSON.stringify(rows), 'id text, note text, at timestamptz, n integer, doc jsonb')} order by id`
      .execute(database.kysely);
    // Then every column comes back as it went in
    expect(found.map((row) => ({ ...row, at: new Date(row.at).toISOString() }))).toEqual(rows);
  });

  it('leaves a column the objects do not carry null, and ignores keys it does not declare', async () => {
    // When an object lacks a declared column and carries an undeclared one
    const { rows: found } = await sql<{ id: string; note: string | null }>`
      select * from ${jsonRecordset(JSON.stringify([{ id: 'a', other: 1 }]), 'id text, note text')}`.execute(database.kysely);
    // Then the missing column is null and the extra key is not there
    expect(found).toEqual([{ id: 'a', note: null }]);
  });
});
