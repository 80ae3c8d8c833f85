// The media library's one door to the database: items, their files, and where content uses them.
import { createHash } from 'node:crypto';
import { and, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { mediaFolder } from '../../../shared/media';
import { knownLocale } from '../../../shared/locales';
import { paths } from '../../../shared/paths';
import type { TranslatedPage } from '../../../shared/schemas/translations';
import type { MediaItem, UsedBy } from '../../../shared/schemas/media';
import type { Db } from '../../db/client';
import { newestOrder, pageByKey, type NewestFirst } from '../../db/newest-first';
import { media, mediaFiles } from '../../db/schema';
import { iso } from '../../lib/rows';
import { rowsOf } from '../../db/rows';
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

/** A content row that shows images, as the columns each table's `use` reads (besides the row's text). */
type UserRow = Record<string, string | number | null>;

/** Where content may show an image: each table's rows, with the title and admin screen they are edited in. */
interface ContentUser {
  table: string;
  kind: UsedBy['kind'];
  /** The columns `use` reads (the table's row is `r`). */
  columns: SQL;
  use: (row: UserRow) => Omit<UsedBy, 'kind'>;
  /** The order of its rows (default: by id). */
  order?: SQL;
  /**
   * The expression of the table's media index (the short hashes its rows show), for tables that grow
   * with the content: a lookup by hash then reads the index, not the table.
   */
  indexed?: SQL;
}

/**
 * The short hashes of the media a post shows (its content, gallery and share image), and a
 * translation (any of its fields): the expressions of the GIN indexes blog_posts_media_idx and
 * translations_media_idx (migrations 0024, 0025), so a lookup by hash reads the index.
 */
export const POST_MEDIA = sql`post_media_hashes(r.content, r.images, r.share_image)`;
export const TRANSLATION_MEDIA = sql`media_hashes(r.fields::text)`;

const appTitle = (appId: SQL) => sql`(select a.title from apps a where a.id = ${appId})`;
/** The screen of a studio page's editor, and the name the library gives it. */
const STUDIO_PAGES: Record<TranslatedPage, { title: string; href: string }> = {
  home: { title: 'Home Content', href: paths.admin.homeContent },
  about: { title: 'About Us', href: paths.admin.aboutUs },
  privacy: { title: 'Privacy Policy', href: paths.admin.privacy },
  contact: { title: 'Contact Info', href: paths.admin.contact },
  site: { title: 'Site Settings', href: paths.admin.siteSettings },
  press: { title: 'Press Kit', href: paths.admin.press },
};
/** A table of one studio page. */
const studioPage = (table: string, name: TranslatedPage): ContentUser => ({
  table,
  kind: 'page',
  columns: sql`null`,
  use: () => ({ id: null, ...STUDIO_PAGES[name] }),
});
/** A table of the studio's page (no app) and each app's own, as "{title} of {app}" edited at `appHref`. */
const studioOrAppPage = (table: string, name: TranslatedPage, appHref: (appId: number) => string): ContentUser => ({
  table,
  kind: 'page',
  columns: sql`r.app_id, ${appTitle(sql`r.app_id`)} as name`,
  use: (row) =>
    row.app_id === null
      ? { id: null, ...STUDIO_PAGES[name] }
      : { id: null, title: `${STUDIO_PAGES[name].title} of ${row.name}`, href: appHref(Number(row.app_id)) },
});
const withLang = (href: string, locale: string) => `${href}${href.includes('?') ? '&' : '?'}lang=${locale}`;

/** An app's own page (a translation's 'app-page' item, '12-support'): its name and editor. */
function appPageOf(page: string, app: string, appId: number): [string, string] {
  if (page === 'privacy') return [`Privacy Policy of ${app}`, paths.admin.appPrivacy(appId)];
  return [page === 'press' ? `Press Kit of ${app}` : `Support pages of ${app}`, paths.admin.editApp(appId)];
}

/** A translation's item as the library names it: the translated thing's title (or page), and its editor. */
function translationUse(row: UserRow): Omit<UsedBy, 'kind'> {
  const [type, item, locale, name] = [String(row.type), String(row.item), String(row.locale), String(row.name)];
  const appId = Number(row.app_id);
  const [title, href] =
    type === 'page' && item in STUDIO_PAGES
      ? [STUDIO_PAGES[item as TranslatedPage].title, STUDIO_PAGES[item as TranslatedPage].href]
      : type === 'post'
        ? [name, paths.admin.blogs]
        : type === 'app-page'
          ? appPageOf(item.slice(item.indexOf('-') + 1), name, appId)
          : [name, paths.admin.editApp(appId)];
  // The posts' screen chooses a language inside a post's editor, not in its address.
  const language = knownLocale(locale)?.englishName ?? locale;
  return { id: null, title: `${title} (${language})`, href: type === 'post' ? href : withLang(href, locale) };
}

const USERS: ContentUser[] = [
  {
    table: 'apps',
    kind: 'app',
    columns: sql`r.id, r.title`,
    use: (row) => ({ id: Number(row.id), title: String(row.title), href: paths.admin.editApp(Number(row.id)) }),
  },
  {
    table: 'blog_posts',
    kind: 'post',
    columns: sql`r.id, r.title`,
    use: (row) => ({ id: Number(row.id), title: String(row.title), href: paths.admin.blogs }),
    indexed: POST_MEDIA,
  },
  studioPage('about_us', 'about'),
  // The studio's policy, and each app's (issue 14) with its published versions, each public at its own address.
  studioOrAppPage('privacy_policy', 'privacy', paths.admin.appPrivacy),
  {
    table: 'privacy_policy_versions',
    kind: 'page',
    columns: sql`r.app_id, ${appTitle(sql`r.app_id`)} as name, r.effective_on::text as day`,
    use: (row) => ({
      id: null,
      title: `Privacy Policy of ${row.name}, version of ${row.day}`,
      href: paths.admin.appPrivacy(Number(row.app_id)),
    }),
  },
  studioPage('home_content', 'home'),
  // Press kits' logos (issue 21): the studio's kit, or an app's (a card on its form).
  studioOrAppPage('press_kits', 'press', paths.admin.editApp),
  studioPage('site_settings', 'site'),
  // An app's support and account-deletion pages (issue 14), edited on its form.
  {
    table: 'app_pages',
    kind: 'page',
    columns: sql`r.app_id, ${appTitle(sql`r.app_id`)} as name`,
    order: sql`r.app_id`,
    use: (row) => ({
      id: null,
      title: `Support pages of ${row.name}`,
      href: paths.admin.editApp(Number(row.app_id)),
    }),
  },
  // Newsletters (issue 26): a sent one's images are in its readers' mailboxes.
  {
    table: 'campaigns',
    kind: 'campaign',
    columns: sql`r.id, r.subject`,
    use: (row) => ({
      id: Number(row.id),
      title: String(row.subject) || 'Untitled campaign',
      href: `${paths.admin.campaigns}?id=${row.id}`,
    }),
  },
  // Translations (issue 24): a language's own rich texts may show images the item's do not.
  {
    table: 'translations',
    kind: 'translation',
    columns: sql`r.type, r.item, r.locale, r.app_id,
      coalesce((select p.title from blog_posts p where p.id = r.post_id), ${appTitle(sql`r.app_id`)}) as name`,
    order: sql`r.type, r.item, r.locale`,
    use: translationUse,
    indexed: TRANSLATION_MEDIA,
  },
];

const MEDIA_HASH_IN_TEXT = /\/media\/([0-9a-f]{16})\//g;

/** `%`, `_` and `\` match themselves in a LIKE pattern. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The library as its screen lists it (index media_newest_idx). */
export const MEDIA_LIST: NewestFirst = { table: media, at: media.createdAt, id: media.id };

export function mediaRepo(db: Db) {
  /**
   * Who uses which item, by short hash: every row of the content tables whose text (any column,
   * arrays included) holds a /media/{hash}/ path; with `hashes`, only those items. Posts and their
   * translations, the tables that grow, are then looked up in their indexes, not read through: the
   * cost follows the items asked about, not the number of posts. The other tables are small; one
   * query each.
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
      const where = wanted && user.indexed ? sql`${user.indexed} && ${wanted}` : sql`strpos(r::text, '/media/') > 0`;
      const result = await db.execute(
        sql`select ${user.columns}, r::text as blob from ${sql.identifier(user.table)} r where ${where} order by ${user.order ?? sql`r.id`}`,
      );
      for (const row of rowsOf<UserRow & { blob: string }>(result)) {
        const entry: UsedBy = { kind: user.kind, ...user.use(row) };
        for (const hash of new Set([...row.blob.matchAll(MEDIA_HASH_IN_TEXT)].map((m) => m[1]!))) {
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
