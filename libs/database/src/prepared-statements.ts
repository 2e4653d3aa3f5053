import { createHash } from 'node:crypto';
import type { PoolClient } from 'pg';

/**
 * Hot statements are prepared once per Postgres connection instead of parsed and planned on every call.
 * A statement opts in by starting with this comment (`sql\`${PREPARED}SELECT …\``): its text must be
 * fixed — values only as parameters — so the named statements per connection stay as few as the
 * marked templates (the event store's appends and reads: under ten). Every other statement, and every
 * statement on PGlite (where the comment is just a comment), is sent as before.
 */
export const PREPARED_MARK = '/* prepared */ ';

/** Names by statement text: bounded by the number of marked templates in the code, not by traffic. */
const names = new Map<string, string>();

export function preparedName(text: string): string {
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
  (client as unknown as { query: QueryFn }).query = (config: unknown, values?: unknown, callback?: unknown) => {
    if (typeof config === 'string' && config.startsWith(PREPARED_MARK) && !(typeof values === 'function')) {
      return query({ name: preparedName(config), text: config, values }, callback);
    }
    return callback === undefined ? (values === undefined ? query(config) : query(config, values)) : query(config, values, callback);
  };
}
