// Preview links of drafts: only a SHA-256 of each secret is stored, so a leaked table opens nothing.
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { PREVIEW_LINK_DAYS, type PreviewLink } from '../../../shared/schemas/preview-links';
import type { Db } from '../../db/client';
import { blogPosts, previewLinks, users } from '../../db/schema';
import { iso } from '../../lib/rows';
import { toPost } from './blogs.repo';

const DAY_MS = 86_400_000;
const hash = (token: string) => createHash('sha256').update(token).digest('hex');

export function previewLinksRepo(db: Db, now: () => Date) {
  const active = () => and(isNull(previewLinks.revokedAt), gt(previewLinks.expiresAt, now()));
  return {
    /** A new link for a post: its secret (to build the URL once) and its record. */
    async create(
      postId: number,
      userId: number | null,
      locale: string | null = null,
    ): Promise<{ token: string; link: PreviewLink }> {
      const token = randomBytes(32).toString('hex');
      const at = now();
      const [row] = await db
        .insert(previewLinks)
        .values({
          postId,
          tokenHash: hash(token),
          createdBy: userId,
          locale,
          createdAt: at,
          expiresAt: new Date(at.getTime() + PREVIEW_LINK_DAYS * DAY_MS),
        })
        .returning();
      const [user] =
        userId === null ? [] : await db.select({ name: users.username }).from(users).where(eq(users.id, userId));
      return {
        token,
        link: {
          id: row!.id,
          createdAt: iso(row!.createdAt),
          expiresAt: iso(row!.expiresAt),
          createdBy: user?.name ?? null,
          locale: row!.locale,
        },
      };
    },

    /** A post's links that still open in one language (null: the default's), newest first. */
    async listActive(postId: number, locale: string | null = null): Promise<PreviewLink[]> {
      const rows = await db
        .select({ link: previewLinks, createdBy: users.username })
        .from(previewLinks)
        .leftJoin(users, eq(users.id, previewLinks.createdBy))
        .where(
          and(
            eq(previewLinks.postId, postId),
            locale === null ? isNull(previewLinks.locale) : eq(previewLinks.locale, locale),
            active(),
          ),
        )
        .orderBy(desc(previewLinks.id));
      return rows.map(({ link, createdBy }) => ({
        id: link.id,
        createdAt: iso(link.createdAt),
        expiresAt: iso(link.expiresAt),
        createdBy,
        locale: link.locale,
      }));
    },

    /** Revokes a link of a post; false when the post has no such link still open. */
    async revoke(postId: number, id: number): Promise<boolean> {
      const rows = await db
        .update(previewLinks)
        .set({ revokedAt: now() })
        .where(and(eq(previewLinks.id, id), eq(previewLinks.postId, postId), active()))
        .returning({ id: previewLinks.id });
      return rows.length > 0;
    },

    /** The post a secret opens and the language it shows it in, while its link is neither expired nor revoked. */
    async open(token: string) {
      const [row] = await db
        .select({ post: blogPosts, locale: previewLinks.locale })
        .from(previewLinks)
        .innerJoin(blogPosts, eq(blogPosts.id, previewLinks.postId))
        .where(and(eq(previewLinks.tokenHash, hash(token)), active()));
      return row && { post: toPost(row.post), locale: row.locale };
    },
  };
}

export type PreviewLinksRepo = ReturnType<typeof previewLinksRepo>;
