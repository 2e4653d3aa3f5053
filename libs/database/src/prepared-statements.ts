import { createHash } from 'node:crypto';
import type { Compilable, CompiledQuery } from 'kysely';
import type { PoolClient } from 'pg';

/**
 * Hot statements are prepared once per Postgres connection instead of parsed and planned on every call.
 * A statement opts in by starting with this comment (`sql\`${PREPARED}SELECT …\``): its text must be
 * fixed — values only as parameters — so the named statements per connection stay as few as the
 * marked templates (the event store's appends and reads, the projectors' batch statements through
 * preparedQuery, one set per view, and the booking path's per-booking statements: a few dozen). Every
 * other statement, and every statement on PGlite (where the comment is just a comment), is sent as before.
 */
export const PREPARED_MARK = '/* prepared */ ';

/** Names by statement text: bounded by the number of marked templates in the code, not by traffic. */
const names = new Map<string, string>();

function preparedName(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `sl_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
    names.set(text, name);
  }
  return name;
}

type QueryFn = (...args: unknown[]) => unknown;

/**
 * Makes a pooled client send marked statements as named (prepared) ones: pg parses a name once per
 * connection and then only binds and executes it, and Postgres keeps its plan (re-planned by Postgres
 * itself when a table it uses changes). Called once per new client (the pool's 'connect' event).
 */
export function prepareMarkedStatements(client: PoolClient): void {
  const query = client.query.bind(client) as QueryFn;
  (client as unknown as { query: QueryFn }).query = (...args: unknown[]) => {
    const [config, values, ...rest] = args;
    // query(text, values?, callback?) with a marked text; query(text, callback) has no values to bind.
    if (typeof config === 'string' && config.startsWith(PREPARED_MARK) && typeof values !== 'function') {
      return query({ name: preparedName(config), text: config, values }, ...rest);
    }
    return query(...args);
  };
}

/**
 * A query builder's statement, marked to be prepared on Postgres: `db.executeQuery(preparedQuery(qb))`.
 * Only for statements whose text does not depend on the data (every batch as array or JSON parameters,
 * never one placeholder per row or an `in (…)` list). `variant` names the statement apart from others of
 * the same text: Postgres plans a prepared statement for the search_path it first ran under and plans it
 * again whenever that changes, so projectors whose unqualified statements are alike (each in its own
 * schema) keep one plan each by passing their name.
 */
export function preparedQuery<R>(query: Compilable<R>, variant?: string): CompiledQuery<R> {
  const compiled = query.compile();
  return { ...compiled, sql: `${PREPARED_MARK}${variant === undefined ? '' : `/* ${commentSafe(variant)} */ `}${compiled.sql}` };
}

/** A comment cannot end early: `*` and `/` are dropped from the variant's name. */
function commentSafe(variant: string): string {
  return variant.replace(/[*/]/g, '');
}
