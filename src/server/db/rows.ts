// The rows of a raw query (`db.execute`): node-postgres and PGlite both answer `{ rows }`.

/** The rows of `db.execute(sql…)`, typed as the query's columns. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
