// The site's one settings row (site_settings), where several modules keep a setting of their own: the
// audit log's retention, how long raw analytics events are kept. One way to read it and to write some of its
// columns, making the row (with the configured site name) when the site has none yet.
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { siteSettings } from '../../db/schema';

/** The settings row; undefined when the site has none yet. */
export async function readSettingsRow(db: Db): Promise<typeof siteSettings.$inferSelect | undefined> {
  const [row] = await db.select().from(siteSettings).orderBy(asc(siteSettings.id)).limit(1);
  return row;
}

/** Writes `values` to the settings row, making it if the site has none yet. */
export async function writeSettingsRow(
  db: Db,
  siteName: string,
  values: Partial<Omit<typeof siteSettings.$inferInsert, 'id' | 'name'>>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ id: siteSettings.id }).from(siteSettings).orderBy(asc(siteSettings.id)).limit(1);
    if (row) await tx.update(siteSettings).set(values).where(eq(siteSettings.id, row.id));
    else await tx.insert(siteSettings).values({ name: siteName, ...values });
  });
}
