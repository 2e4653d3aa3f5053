import { sql, type RawBuilder } from 'kysely';

/**
 * A batch of rows as one statement's FROM item, `r(<definition>)`: the rows travel as the JSON text of
 * an array of objects (one parameter, whatever the batch size, and a fixed statement text that can be
 * prepared). `definition` names each column with its SQL type, e.g. `tenant_id text, state jsonb`: as
 * text it is code, never input (identifiers taken from elsewhere come as a built fragment).
 *
 * The parameter is typed text (a json-typed parameter is re-encoded by some drivers, PGlite's among
 * them) and read as json, not jsonb: json_to_recordset lexes the text once and parses the text of each
 * jsonb column once, where jsonb_to_recordset builds the whole batch as jsonb first, then prints every
 * jsonb column back to text and parses it again. On the shipment list's batches that was ~40 % of the
 * statement's server time (docs/read-models.md).
 */
export function jsonRecordset(json: string, definition: string | RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`json_to_recordset(${json}::text::json) as r(${typeof definition === 'string' ? sql.raw(definition) : definition})`;
}
