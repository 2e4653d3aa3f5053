import { CompiledQuery, type Kysely, type KyselyPlugin, type QueryResult, type RootOperationNode, type UnknownRow } from 'kysely';

/**
 * EXPLAIN (ANALYZE, BUFFERS) of every statement a report query sends: a plugin notes each statement's
 * operation tree as Kysely runs it; afterwards each is compiled again and explained on the same database.
 */
export async function explainQueries<DB>(db: Kysely<DB>, query: (db: Kysely<DB>) => Promise<unknown>): Promise<string[]> {
  const nodes: RootOperationNode[] = [];
  const recorder: KyselyPlugin = {
    transformQuery: ({ node }) => {
      nodes.push(node);
      return node;
    },
    transformResult: async ({ result }): Promise<QueryResult<UnknownRow>> => result,
  };
  await query(db.withPlugin(recorder));
  const plans: string[] = [];
  for (const node of nodes) {
    const compiled = db.getExecutor().compileQuery(node, { queryId: 'explain' } as never);
    const result = await db.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`EXPLAIN (ANALYZE, BUFFERS) ${compiled.sql}`, [...compiled.parameters]));
    plans.push(result.rows.map((row) => row['QUERY PLAN']).join('\n'));
  }
  return plans;
}
