import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { uiStrings } from '../../db/schema';

/** The staff's texts for the site's words, per language: key → text. */
export function uiStringsRepo(db: Db, now: () => Date) {
  const list = async (locale: string, tx: Db = db): Promise<Record<string, string>> => {
    const rows = await tx
      .select({ key: uiStrings.key, value: uiStrings.value })
      .from(uiStrings)
      .where(eq(uiStrings.locale, locale));
    return Object.fromEntries(rows.map((r) => [r.key, r.value]).sort(([a], [b]) => a!.localeCompare(b!)));
  };
  return {
    list: (locale: string) => list(locale),

    /** Sets (a text) or removes (null) overrides; the language's overrides after. */
    async put(locale: string, changes: Record<string, string | null>): Promise<Record<string, string>> {
      return db.transaction(async (txn) => {
        const tx = txn as unknown as Db;
        const removed = Object.keys(changes).filter((key) => changes[key] === null);
        if (removed.length)
          await tx.delete(uiStrings).where(and(eq(uiStrings.locale, locale), inArray(uiStrings.key, removed)));
        const at = now();
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) continue;
          await tx
            .insert(uiStrings)
            .values({ locale, key, value, updatedAt: at })
            .onConflictDoUpdate({ target: [uiStrings.locale, uiStrings.key], set: { value, updatedAt: at } });
        }
        return list(locale, tx);
      });
    },
  };
}

export type UiStringsRepo = ReturnType<typeof uiStringsRepo>;
