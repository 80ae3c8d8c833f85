import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { SocialLink, SocialLinkInputSchema } from '../../../shared/schemas/social-links';
import type { Db } from '../../db/client';
import { socialMediaLinks } from '../../db/schema';
import { iso } from '../../lib/rows';

type Row = typeof socialMediaLinks.$inferSelect;
const toLink = (r: Row): SocialLink => ({ ...r, createdAt: iso(r.createdAt), updatedAt: iso(r.updatedAt) });

export function socialRepo(db: Db, now: () => Date) {
  return {
    async list(onlyVisible: boolean): Promise<SocialLink[]> {
      const query = db.select().from(socialMediaLinks);
      const rows = await (onlyVisible ? query.where(eq(socialMediaLinks.isVisible, true)) : query).orderBy(
        asc(socialMediaLinks.order),
        asc(socialMediaLinks.id),
      );
      return rows.map(toLink);
    },
    async create(data: z.output<typeof SocialLinkInputSchema>): Promise<SocialLink> {
      const at = now();
      const [row] = await db
        .insert(socialMediaLinks)
        .values({ ...data, createdAt: at, updatedAt: at })
        .returning();
      return toLink(row!);
    },
    async update(id: number, data: z.output<typeof SocialLinkInputSchema>): Promise<SocialLink | undefined> {
      const [row] = await db
        .update(socialMediaLinks)
        .set({ ...data, updatedAt: now() })
        .where(eq(socialMediaLinks.id, id))
        .returning();
      return row && toLink(row);
    },
    async remove(id: number): Promise<boolean> {
      const rows = await db
        .delete(socialMediaLinks)
        .where(eq(socialMediaLinks.id, id))
        .returning({ id: socialMediaLinks.id });
      return rows.length > 0;
    },
  };
}
export type SocialRepo = ReturnType<typeof socialRepo>;
