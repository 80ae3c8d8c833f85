// The executed plan of a query (EXPLAIN ANALYZE, as JSON), for tests that check the work a query does
// row by row rather than its time (issue 28: lists found by key, decision 128).
import type { TestContext } from './test-app';

export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Heap Fetches'?: number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}

type Client = { query: (q: string, p?: unknown[]) => Promise<{ rows: unknown[] }> };

/** Every node of the executed plan of a query the app runs, with its parameters. */
export async function plan(
  ctx: Pick<TestContext, 'database'>,
  query: { toSQL: () => { sql: string; params: unknown[] } },
): Promise<PlanNode[]> {
  const { sql: text, params } = query.toSQL();
  const client = (ctx.database.db as unknown as { $client: Client }).$client;
  const { rows } = await client.query(`explain (analyze, format json) ${text}`, params);
  const raw = (rows[0] as Record<string, unknown>)['QUERY PLAN'];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
  const nodes: PlanNode[] = [];
  const walk = (n: PlanNode) => {
    nodes.push(n);
    n.Plans?.forEach(walk);
  };
  walk(parsed[0]!.Plan);
  return nodes;
}

/** The plan's nodes that read `table`. */
export const scansOf = (nodes: PlanNode[], table: string) => nodes.filter((n) => n['Relation Name'] === table);

/** The rows the plan read from `table`: kept or filtered out, over all loops. */
export const rowsRead = (nodes: PlanNode[], table: string) =>
  scansOf(nodes, table).reduce(
    (sum, n) => sum + (n['Actual Rows'] + (n['Rows Removed by Filter'] ?? 0)) * n['Actual Loops'],
    0,
  );
