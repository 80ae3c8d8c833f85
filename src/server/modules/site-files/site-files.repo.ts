// The hand-written root files (app-ads.txt, ads.txt): one row per file, absent until first saved.
import { eq } from 'drizzle-orm';
import type { SiteFile, SiteFileName } from '../../../shared/schemas/site-files';
import type { Db } from '../../db/client';
import { siteFiles } from '../../db/schema';
import { iso } from '../../lib/rows';

export function siteFilesRepo(db: Db, now: () => Date) {
  return {
    /** The file as saved; never saved reads as empty. */
    async get(name: SiteFileName): Promise<SiteFile> {
      const [row] = await db.select().from(siteFiles).where(eq(siteFiles.name, name));
      return { name, content: row?.content ?? '', updatedAt: row ? iso(row.updatedAt) : null };
    },

    /** Writes the file's whole text ('' empties it: the public address then answers 404). */
    async put(name: SiteFileName, content: string): Promise<SiteFile> {
      const at = now();
      const [row] = await db
        .insert(siteFiles)
        .values({ name, content, updatedAt: at })
        .onConflictDoUpdate({ target: siteFiles.name, set: { content, updatedAt: at } })
        .returning();
      return { name, content: row!.content, updatedAt: iso(row!.updatedAt) };
    },
  };
}
export type SiteFilesRepo = ReturnType<typeof siteFilesRepo>;
