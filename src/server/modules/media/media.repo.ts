// The media library's one door to the database: items, their files, and where content uses them.
import { createHash } from 'node:crypto';
import { and, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { mediaFolder } from '../../../shared/media';
import { paths } from '../../../shared/paths';
import type { MediaItem, UsedBy } from '../../../shared/schemas/media';
import type { Db } from '../../db/client';
import { newestOrder, pageByKey, type NewestFirst } from '../../db/newest-first';
import { media, mediaFiles } from '../../db/schema';
import { iso } from '../../lib/rows';
import { shortHash, type ProcessedImage } from './media.images';

type MediaRow = typeof media.$inferSelect;
type FileInfo = Pick<typeof mediaFiles.$inferSelect, 'mediaId' | 'path' | 'type' | 'width'>;

/** One file's record: its bytes when the database holds them, else where they are ('s3'). */
export interface StoredFile {
  type: string;
  storage: string;
  bytes: Buffer | null;
  size: number;
  sha256: string;
}

/** Where content may show an image: each table's rows, with the title and admin screen they are edited in. */
const USERS: {
  table: string;
  kind: UsedBy['kind'];
  title: SQL;
  href: (id: number) => string;
  single?: boolean;
  /** What `href` gets instead of the row's id. */
  key?: SQL;
}[] = [
  { table: 'apps', kind: 'app', title: sql`r.title`, href: (id) => paths.admin.editApp(id) },
  { table: 'blog_posts', kind: 'post', title: sql`r.title`, href: () => paths.admin.blogs },
  { table: 'about_us', kind: 'page', title: sql`'About Us'`, href: () => paths.admin.aboutUs, single: true },
  {
    table: 'privacy_policy',
    kind: 'page',
    title: sql`'Privacy Policy'`,
    href: () => paths.admin.privacy,
    single: true,
  },
  {
    table: 'home_content',
    kind: 'page',
    title: sql`'Home Content'`,
    href: () => paths.admin.homeContent,
    single: true,
  },
  // Press kits' logos (issue 21): the studio's kit, or an app's (a card on its form).
  {
    table: 'press_kits',
    kind: 'page',
    title: sql`coalesce('Press Kit of ' || (select a.title from apps a where a.id = r.app_id), 'Press Kit')`,
    href: (appId) => (appId ? paths.admin.editApp(appId) : paths.admin.press),
    single: true,
    key: sql`coalesce(r.app_id, 0)`,
  },
  {
    table: 'site_settings',
    kind: 'page',
    title: sql`'Site Settings'`,
    href: () => paths.admin.siteSettings,
    single: true,
  },
];

const MEDIA_HASH_IN_TEXT = /\/media\/([0-9a-f]{16})\//g;

/** `%`, `_` and `\` match themselves in a LIKE pattern. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The library as its screen lists it (index media_newest_idx). */
export const MEDIA_LIST: NewestFirst = { table: media, at: media.createdAt, id: media.id };

/**
 * The short hashes of the media a post shows (its content, gallery and share image): the expression of
 * the GIN index blog_posts_media_idx (migration 0024), so a lookup by hash reads the index.
 */
export const POST_MEDIA = sql`post_media_hashes(r.content, r.images, r.share_image)`;

export function mediaRepo(db: Db) {
  /**
   * Who uses which item, by short hash: every row of the content tables whose text (any column,
   * arrays included) holds a /media/{hash}/ path; with `hashes`, only those items. Posts, the table
   * that grows, are then looked up in their index (POST_MEDIA), not read through: the cost follows
   * the items asked about, not the number of posts. The other tables are small; one query each.
   */
  async function usage(hashes?: string[]): Promise<Map<string, UsedBy[]>> {
    const byHash = new Map<string, UsedBy[]>();
    if (hashes?.length === 0) return byHash;
    const wanted =
      hashes &&
      sql`array[${sql.join(
        hashes.map((hash) => sql`${hash}`),
        sql`, `,
      )}]::text[]`;
    for (const user of USERS) {
      const where =
        wanted && user.table === 'blog_posts' ? sql`${POST_MEDIA} && ${wanted}` : sql`strpos(r::text, '/media/') > 0`;
      const result = await db.execute(
        sql`select r.id, ${user.key ?? sql`r.id`} as key, ${user.title} as title, r::text as blob from ${sql.identifier(user.table)} r
            where ${where} order by r.id`,
      );
      for (const row of (result as unknown as { rows: { id: number; key: number; title: string; blob: string }[] })
        .rows) {
        const hashes = new Set([...row.blob.matchAll(MEDIA_HASH_IN_TEXT)].map((m) => m[1]!));
        for (const hash of hashes) {
          const entry: UsedBy = {
            kind: user.kind,
            id: user.single ? null : Number(row.id),
            title: row.title,
            href: user.href(Number(row.key)),
          };
          byHash.set(hash, [...(byHash.get(hash) ?? []), entry]);
        }
      }
    }
    return byHash;
  }

  async function toItems(rows: MediaRow[]): Promise<MediaItem[]> {
    if (rows.length === 0) return [];
    const files: FileInfo[] = await db
      .select({ mediaId: mediaFiles.mediaId, path: mediaFiles.path, type: mediaFiles.type, width: mediaFiles.width })
      .from(mediaFiles)
      .where(
        inArray(
          mediaFiles.mediaId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(mediaFiles.id);
    const used = await usage(rows.map((row) => shortHash(row.hash)));
    return rows.map((row) => {
      const own = files.filter((f) => f.mediaId === row.id);
      const url = own[0]?.path ?? mediaFolder(shortHash(row.hash));
      return {
        id: row.id,
        url,
        type: row.type,
        width: row.width,
        height: row.height,
        bytes: row.bytes,
        alt: row.alt,
        filename: row.filename,
        createdAt: iso(row.createdAt),
        variants: own.slice(1).map((f) => ({ width: f.width, type: f.type, url: f.path })),
        usedBy: used.get(shortHash(row.hash)) ?? [],
      };
    });
  }

  async function get(id: number): Promise<MediaItem | null> {
    const rows = await db.select().from(media).where(eq(media.id, id));
    return (await toItems(rows))[0] ?? null;
  }

  return {
    get,

    /** The short hashes of every item content uses (one scan, for removing many items at once). */
    async usedHashes(): Promise<Set<string>> {
      return new Set((await usage()).keys());
    },

    async findByHash(hash: string): Promise<MediaItem | null> {
      const rows = await db.select().from(media).where(eq(media.hash, hash));
      return (await toItems(rows))[0] ?? null;
    },

    /**
     * Stores the images (each with its alt text) in one transaction, all or none. An image whose
     * bytes are already stored (given by id, uploaded meanwhile, or twice in one request) is the
     * existing item, which takes the alt text given here if it has none.
     */
    async store(
      images: ({ image: ProcessedImage; alt: string } | { id: number; alt: string })[],
    ): Promise<MediaItem[]> {
      const ids = await db.transaction(async (tx) => {
        const out: number[] = [];
        const existing = async (id: number, alt: string) => {
          if (alt)
            await tx
              .update(media)
              .set({ alt })
              .where(and(eq(media.id, id), eq(media.alt, '')));
          out.push(id);
        };
        for (const input of images) {
          if ('id' in input) {
            await existing(input.id, input.alt);
            continue;
          }
          const { image, alt } = input;
          const original = image.files[0]!;
          const [inserted] = await tx
            .insert(media)
            .values({
              hash: image.hash,
              filename: image.filename,
              type: image.type,
              width: image.width,
              height: image.height,
              bytes: original.bytes.length,
              alt,
            })
            .onConflictDoNothing({ target: media.hash })
            .returning({ id: media.id });
          if (inserted) {
            await tx.insert(mediaFiles).values(
              image.files.map((file) => ({
                path: file.path,
                type: file.type,
                width: file.width,
                mediaId: inserted.id,
                // Put in the object store before (media.storage.ts placeNew): the record holds no bytes.
                storage: file.storage ?? 'db',
                bytes: file.storage === 's3' ? null : file.bytes,
                size: file.bytes.length,
                sha256: createHash('sha256').update(file.bytes).digest('hex'),
              })),
            );
            out.push(inserted.id);
          } else {
            const [stored] = await tx.select({ id: media.id }).from(media).where(eq(media.hash, image.hash));
            await existing(stored!.id, alt);
          }
        }
        return out;
      });
      const rows = await db.select().from(media).where(inArray(media.id, ids));
      const items = await toItems(rows);
      return ids.map((id) => items.find((item) => item.id === id)!);
    },

    async list(query: { page: number; pageSize: number; search?: string }) {
      const search = query.search
        ? or(ilike(media.filename, `%${likeEscape(query.search)}%`), ilike(media.alt, `%${likeEscape(query.search)}%`))
        : undefined;
      const [[total], rows] = await Promise.all([
        db.select({ n: count() }).from(media).where(search),
        pageByKey(db, MEDIA_LIST, search, (query.page - 1) * query.pageSize, (found) =>
          db
            .select()
            .from(media)
            .where(found)
            .orderBy(...newestOrder(MEDIA_LIST))
            .limit(query.pageSize),
        ),
      ]);
      return { items: await toItems(rows), total: total?.n ?? 0, page: query.page, pageSize: query.pageSize };
    },

    async setAlt(id: number, alt: string): Promise<MediaItem | null> {
      const [row] = await db.update(media).set({ alt }).where(eq(media.id, id)).returning({ id: media.id });
      return row ? get(row.id) : null;
    },

    /** Deletes an item and its files unless content uses it: `missing`, `used` (with where), or `deleted`. */
    async remove(
      id: number,
    ): Promise<
      { status: 'missing' } | { status: 'used'; usedBy: UsedBy[] } | { status: 'deleted'; objects: string[] }
    > {
      const item = await get(id);
      if (!item) return { status: 'missing' };
      if (item.usedBy.length > 0) return { status: 'used', usedBy: item.usedBy };
      // The files kept in the object store are removed there once this commits (the caller's job).
      const objects = await db
        .select({ path: mediaFiles.path })
        .from(mediaFiles)
        .where(and(eq(mediaFiles.mediaId, id), eq(mediaFiles.storage, 's3')));
      await db.delete(media).where(eq(media.id, id));
      return { status: 'deleted', objects: objects.map((o) => o.path) };
    },

    /** One stored file's record by its URL path, or null. */
    async file(path: string): Promise<StoredFile | null> {
      const [row] = await db
        .select({
          type: mediaFiles.type,
          storage: mediaFiles.storage,
          bytes: mediaFiles.bytes,
          size: mediaFiles.size,
          sha256: mediaFiles.sha256,
        })
        .from(mediaFiles)
        .where(eq(mediaFiles.path, path));
      return row ?? null;
    },
  };
}
export type MediaRepo = ReturnType<typeof mediaRepo>;

/** The alt text written for each of these image URLs (any of an item's files), where there is one. */
export async function altTexts(db: Db, urls: string[]): Promise<Record<string, string>> {
  if (urls.length === 0) return {};
  const rows = await db
    .select({ path: mediaFiles.path, alt: media.alt })
    .from(mediaFiles)
    .innerJoin(media, eq(media.id, mediaFiles.mediaId))
    .where(inArray(mediaFiles.path, urls));
  return Object.fromEntries(rows.filter((r) => r.alt.trim() !== '').map((r) => [r.path, r.alt]));
}
