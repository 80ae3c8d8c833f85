// Test set-up that writes many rows at once (issue 28's 50,000 and 100,000 posts): one statement,
// on PostgreSQL through its own connection, free of the app pool's statement and query timeouts.
import pg from 'pg';
import type { TestContext } from './test-app';

export async function bulk(
  ctx: Pick<TestContext, 'database' | 'databaseUrl'>,
  statement: string,
  params: unknown[] = [],
) {
  if (!ctx.databaseUrl) {
    const client = (
      ctx.database.db as unknown as { $client: { query: (q: string, p?: unknown[]) => Promise<unknown> } }
    ).$client;
    await client.query(statement, params);
    return;
  }
  const client = new pg.Client({ connectionString: ctx.databaseUrl });
  await client.connect();
  try {
    await client.query(statement, params);
  } finally {
    await client.end();
  }
}
