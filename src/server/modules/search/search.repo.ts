// Site search (issue 25, decision 117). Every searchable row carries a generated, weighted tsvector
// (migration 0017: title A, tagline or excerpt B, body C) in its language's text-search configuration:
// the default language's rows in `search_config` (which follows the site's default language), a
// translation in its own locale's. A search matches one language's vectors with
// websearch_to_tsquery (which reads any text without an error), keeps what a visitor may see
// (published posts and translations, visible apps), ranks a title match first, and cuts a snippet
// with ts_headline around the matched words. Where nothing matches and the engine has pg_trgm, titles
// spelt nearly alike are offered instead.
import { sql, type SQL } from 'drizzle-orm';
import { SEARCH_PAGE_SIZE, SEARCH_TYPES, type SearchReply, type SearchType } from '../../../shared/schemas/search';
import { paths } from '../../../shared/paths';
import type { Db } from '../../db/client';
import { markedSnippet, SNIPPET_START, SNIPPET_STOP } from './snippet';
import { rowsOf } from '../../db/rows';

export interface SearchInput {
  /** The cleaned words (shared/schemas/search.ts searchWords). */
  words: string;
  /** The language: null for the site's default language. */
  locale: string | null;
  /** The site's default language (its text-search configuration reads the default rows). */
  defaultLocale: string;
  type?: SearchType;
  page: number;
}

interface Hit {
  type: SearchType;
  id: number | null;
  rank: number;
}

interface Found {
  id: number | null;
  title: string;
  slug: string | null;
  app_title: string | null;
  published_at: string | Date | null;
  headline: string;
}

/** ts_headline's options: markers that cannot be in the text (they are taken out of it first). */
const HEADLINE_OPTIONS = `StartSel=${SNIPPET_START}, StopSel=${SNIPPET_STOP}, MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "`;

/** Plain text of sanitised HTML for the snippet: tags out, and the snippet's markers. */
const plain = (html: SQL) => sql`translate(regexp_replace(${html}, '<[^>]*>', ' ', 'g'), chr(1) || chr(2), '')`;

/** The text of a support page's questions and answers. */
const faqText = (faq: SQL) =>
  sql`coalesce((select string_agg(concat_ws(' ', e->>'question', e->>'answer'), ' ') from jsonb_array_elements(case when jsonb_typeof(${faq}) = 'array' then ${faq} else '[]'::jsonb end) e), '')`;

type Counts = SearchReply['counts'];
/** A condition or a rank over a row: its vector, its title and its text-search configuration. */
type Matcher = (vector: SQL, title: SQL, config: SQL) => SQL;
/** Up to this many matches, every one is ranked (ts_rank_cd); past it a title match comes first, then the newest. */
const RANK_LIMIT = 1_000;
/** A snippet is cut from the first this many characters of a text (ts_headline reads all it is given). */
const SNIPPET_SOURCE_MAX = 3_000;

export function searchRepo(db: Db) {
  let trigram: Promise<boolean> | undefined;
  /** Whether the engine has pg_trgm (migration 0017 adds it where it may); asked once. */
  const hasTrigram = () =>
    (trigram ??= db
      .execute(sql`select exists (select 1 from pg_extension where extname = 'pg_trgm') as ok`)
      .then((r) => Boolean(rowsOf<{ ok: boolean }>(r)[0]?.ok))
      .catch(() => false));

  /**
   * What matches of one type, one row per result: its id and rank. `match(vector, title)` says
   * whether a row matches, `rank(vector, title)` how well; `order` ends the statement (an order and a
   * limit, or nothing).
   */
  function hitsOf(type: SearchType, locale: string | null, match: Matcher, rank: Matcher, order: SQL = sql``): SQL {
    /** The row's id and rank, and whether it matches, from its vector, title and configuration. */
    const on = (vector: string, title: SQL, config: SQL) => {
      const args = [sql.raw(vector), title, config] as const;
      return { rank: rank(...args), match: match(...args) };
    };
    if (locale === null) {
      const a = on('a.search_vector', sql`a.title`, sql`a.search_config`);
      const p = on('p.search_vector', sql`p.title`, sql`p.search_config`);
      const ap = on('ap.search_vector', sql`''`, sql`ap.search_config`);
      const ab = on('ab.search_vector', sql`ab.title`, sql`ab.search_config`);
      const r = on('r.search_vector', sql`(a.title || ' ' || r.version)`, sql`r.search_config`);
      switch (type) {
        case 'apps':
          return sql`select a.id as id, ${a.rank} as rank from apps a where not a.is_hidden and ${a.match} ${order}`;
        case 'posts':
          return sql`select p.id as id, ${p.rank} as rank from blog_posts p left join apps a on a.id = p.app_id
            where p.is_published and (p.app_id is null or not a.is_hidden) and ${p.match} ${order}`;
        case 'support':
          return sql`select ap.app_id as id, ${ap.rank} as rank from app_pages ap join apps a on a.id = ap.app_id
            where not a.is_hidden and ${ap.match} ${order}`;
        case 'about':
          return sql`select null::int as id, ${ab.rank} as rank from about_us ab where ab.app_id is null and ${ab.match} ${order}`;
        case 'releases':
          // An app's version (issue 26), titled "{app} {version}".
          return sql`select r.id as id, ${r.rank} as rank from app_releases r join apps a on a.id = r.app_id
            where not a.is_hidden and ${r.match} ${order}`;
      }
    }
    const t = on('t.search_vector', sql`coalesce(t.fields->>'title', '')`, sql`site_search_config(t.locale)`);
    const support = on('t.search_vector', sql`''`, sql`site_search_config(t.locale)`);
    const release = on('t.search_vector', sql`r.version`, sql`site_search_config(t.locale)`);
    const translated = sql`t.locale = ${locale} and t.is_published and not t.use_default`;
    switch (type) {
      case 'apps':
        return sql`select a.id as id, ${t.rank} as rank from translations t join apps a on a.id = t.app_id
          where t.type = 'app' and ${translated} and not a.is_hidden and ${t.match} ${order}`;
      case 'posts':
        return sql`select p.id as id, ${t.rank} as rank
          from translations t join blog_posts p on p.id = t.post_id left join apps a on a.id = p.app_id
          where t.type = 'post' and ${translated} and p.is_published and (p.app_id is null or not a.is_hidden)
            and ${t.match} ${order}`;
      case 'support':
        return sql`select a.id as id, ${support.rank} as rank from translations t join apps a on t.item = a.id || '-support'
          where t.type = 'app-page' and ${translated} and not a.is_hidden and ${support.match} ${order}`;
      case 'about':
        return sql`select null::int as id, ${t.rank} as rank from translations t
          where t.type = 'page' and t.item = 'about' and ${translated} and ${t.match} ${order}`;
      case 'releases':
        // A version's notes in the language, of an app that is there in the language too.
        return sql`select r.id as id, ${release.rank} as rank
          from translations t join app_releases r on r.id = t.release_id join apps a on a.id = r.app_id
          where t.type = 'release' and ${translated} and not a.is_hidden and ${release.match}
            and exists (select 1 from translations ta where ta.type = 'app' and ta.item = a.id::text
              and ta.locale = ${locale} and (ta.is_published or ta.use_default)) ${order}`;
    }
  }

  /** How many hits of each type, in one statement (the match alone: the index answers it). */
  async function countsOf(locale: string | null, match: Matcher): Promise<Counts> {
    const none = () => sql`0`;
    const columns = SEARCH_TYPES.map(
      (t) => sql`(select count(*)::int from (${hitsOf(t, locale, match, none)}) h) as ${sql.identifier(t)}`,
    );
    const [row] = rowsOf<Record<SearchType, number>>(await db.execute(sql`select ${sql.join(columns, sql`, `)}`));
    return Object.fromEntries(SEARCH_TYPES.map((t) => [t, Number(row?.[t] ?? 0)])) as Counts;
  }

  /** One type's hits from `offset`, at most `limit`, best first, then newest. */
  async function sliceOf(
    type: SearchType,
    locale: string | null,
    match: Matcher,
    rank: Matcher,
    offset: number,
    limit: number,
  ): Promise<Hit[]> {
    const rows = rowsOf<{ id: number | null; rank: number }>(
      await db.execute(
        hitsOf(type, locale, match, rank, sql`order by rank desc, id desc nulls first limit ${limit} offset ${offset}`),
      ),
    );
    return rows.map((row) => ({ type, id: row.id, rank: Number(row.rank) }));
  }

  /**
   * One type's hits when there are more than RANK_LIMIT: the titles that match first, then the
   * rest, each newest first. Both walk an index (the title's expression index, then the ids
   * backwards) and stop at the page, so the cost does not grow with the number of matches.
   */
  async function manySliceOf(
    type: SearchType,
    locale: string | null,
    exact: (vector: SQL) => SQL,
    titleMatch: (title: SQL, config: SQL) => SQL,
    offset: number,
    limit: number,
  ): Promise<Hit[]> {
    const none = () => sql`0`;
    const inTitle: Matcher = (_vector, title, config) => titleMatch(title, config);
    const [titles] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from (${hitsOf(type, locale, inTitle, none)}) h`),
    );
    const titleCount = Number(titles?.n ?? 0);
    const newest = (from: number, count: number) => sql`order by id desc nulls first limit ${count} offset ${from}`;
    const hits: Hit[] = [];
    if (offset < titleCount) {
      const rows = rowsOf<{ id: number | null }>(
        await db.execute(hitsOf(type, locale, inTitle, none, newest(offset, limit))),
      );
      hits.push(...rows.map((row) => ({ type, id: row.id, rank: 1 })));
    }
    const left = limit - hits.length;
    if (left > 0) {
      const rest: Matcher = (vector, title, config) => sql`${exact(vector)} and not (${titleMatch(title, config)})`;
      const rows = rowsOf<{ id: number | null }>(
        await db.execute(hitsOf(type, locale, rest, none, newest(Math.max(0, offset - titleCount), left))),
      );
      hits.push(...rows.map((row) => ({ type, id: row.id, rank: 0 })));
    }
    return hits;
  }

  /** Titles, addresses and snippets of one type's hits on the page. */
  async function details(
    type: SearchType,
    ids: (number | null)[],
    locale: string | null,
    query: SQL,
    config: SQL,
  ): Promise<Map<number | null, Found>> {
    const headline = (text: SQL) =>
      sql`ts_headline(${config}, left(${plain(text)}, ${SNIPPET_SOURCE_MAX}), ${query}, ${HEADLINE_OPTIONS})`;
    const idList = sql`array[${sql.join(
      ids.filter((id): id is number => id !== null).map((id) => sql`${id}::int`),
      sql`, `,
    )}]::int[]`;
    /** An app's name in the language: its published translation's, else its own. */
    const appTitle = (appId: SQL) =>
      locale === null
        ? sql`(select a2.title from apps a2 where a2.id = ${appId})`
        : sql`coalesce((select nullif(t2.fields->>'title', '') from translations t2 where t2.type = 'app' and t2.item = ${appId}::text
              and t2.locale = ${locale} and t2.is_published and not t2.use_default), (select a2.title from apps a2 where a2.id = ${appId}))`;
    const appSlug = (appId: SQL) =>
      locale === null
        ? sql`(select a2.slug from apps a2 where a2.id = ${appId})`
        : sql`coalesce((select t2.slug from translations t2 where t2.type = 'app' and t2.item = ${appId}::text
              and t2.locale = ${locale} and t2.is_published and not t2.use_default), (select a2.slug from apps a2 where a2.id = ${appId}))`;
    const f = (name: string) => sql`coalesce(t.fields->>${name}, '')`;
    let statement: SQL;
    if (type === 'apps') {
      statement =
        locale === null
          ? sql`select a.id, a.title, a.slug, null as app_title, null as published_at,
                 ${headline(sql`concat_ws(' ', a.tagline, a.description, a.long_description)`)} as headline
               from apps a where a.id = any(${idList})`
          : sql`select a.id, ${f('title')} as title, coalesce(t.slug, a.slug) as slug, null as app_title, null as published_at,
                 ${headline(sql`concat_ws(' ', ${f('tagline')}, ${f('description')}, ${f('longDescription')})`)} as headline
               from translations t join apps a on a.id = t.app_id
               where t.type = 'app' and t.locale = ${locale} and a.id = any(${idList})`;
    } else if (type === 'posts') {
      statement =
        locale === null
          ? sql`select p.id, p.title, p.slug, ${appTitle(sql`p.app_id`)} as app_title, p.published_at,
                 ${headline(sql`concat_ws(' ', p.excerpt, p.content)`)} as headline
               from blog_posts p where p.id = any(${idList})`
          : sql`select p.id, ${f('title')} as title, coalesce(t.slug, p.slug) as slug, ${appTitle(sql`p.app_id`)} as app_title,
                 coalesce(t.published_at, p.published_at) as published_at,
                 ${headline(sql`concat_ws(' ', ${f('excerpt')}, ${f('content')})`)} as headline
               from translations t join blog_posts p on p.id = t.post_id
               where t.type = 'post' and t.locale = ${locale} and p.id = any(${idList})`;
    } else if (type === 'support') {
      statement =
        locale === null
          ? sql`select ap.app_id as id, ${appTitle(sql`ap.app_id`)} as title, ${appSlug(sql`ap.app_id`)} as slug,
                 ${appTitle(sql`ap.app_id`)} as app_title, null as published_at,
                 ${headline(sql`concat_ws(' ', ap.support_intro, ${faqText(sql`ap.faq`)})`)} as headline
               from app_pages ap where ap.app_id = any(${idList})`
          : sql`select a.id, ${appTitle(sql`a.id`)} as title, ${appSlug(sql`a.id`)} as slug,
                 ${appTitle(sql`a.id`)} as app_title, null as published_at,
                 ${headline(sql`concat_ws(' ', ${f('supportIntro')}, ${faqText(sql`(t.fields->'faq')`)})`)} as headline
               from translations t join apps a on t.item = a.id || '-support'
               where t.type = 'app-page' and t.locale = ${locale} and a.id = any(${idList})`;
    } else if (type === 'releases') {
      // An app's version (issue 26): "{app} {version}", its day, a snippet of its notes.
      statement =
        locale === null
          ? sql`select r.id, ${appTitle(sql`r.app_id`)} || ' ' || r.version as title, ${appSlug(sql`r.app_id`)} as slug,
                 ${appTitle(sql`r.app_id`)} as app_title, r.released_on::timestamptz as published_at,
                 ${headline(sql`r.notes`)} as headline
               from app_releases r where r.id = any(${idList})`
          : sql`select r.id, ${appTitle(sql`r.app_id`)} || ' ' || r.version as title, ${appSlug(sql`r.app_id`)} as slug,
                 ${appTitle(sql`r.app_id`)} as app_title, r.released_on::timestamptz as published_at,
                 ${headline(f('notes'))} as headline
               from translations t join app_releases r on r.id = t.release_id
               where t.type = 'release' and t.locale = ${locale} and r.id = any(${idList})`;
    } else {
      statement =
        locale === null
          ? sql`select null::int as id, ab.title, null as slug, null as app_title, null as published_at,
                 ${headline(sql`ab.content`)} as headline
               from about_us ab where ab.app_id is null`
          : sql`select null::int as id, ${f('title')} as title, null as slug, null as app_title, null as published_at,
                 ${headline(f('content'))} as headline
               from translations t where t.type = 'page' and t.item = 'about' and t.locale = ${locale}`;
    }
    const rows = rowsOf<Found>(await db.execute(statement));
    return new Map(rows.map((row) => [row.id === null ? null : Number(row.id), row]));
  }

  const pathOf = (type: SearchType, found: Found, id: number | null): string => {
    if (type === 'posts') return paths.readablePost({ id: id!, slug: found.slug ?? '' });
    if (type === 'apps') return paths.app(found.slug ?? '');
    if (type === 'support') return paths.appSupport(found.slug ?? '');
    if (type === 'releases') return `${paths.appReleases(found.slug ?? '')}#release-${id}`;
    return paths.about;
  };

  return {
    hasTrigram,

    async search({ words, locale, defaultLocale, type, page }: SearchInput): Promise<SearchReply> {
      const empty = { apps: 0, posts: 0, support: 0, about: 0, releases: 0 };
      const reply = (fuzzy: boolean, counts: SearchReply['counts'], items: SearchReply['items']): SearchReply => ({
        query: words,
        counts,
        total: type ? counts[type] : counts.apps + counts.posts + counts.support + counts.about + counts.releases,
        page,
        pageSize: SEARCH_PAGE_SIZE,
        fuzzy,
        items,
      });
      if (!words) return reply(false, empty, []);

      const config = sql`site_search_config(${locale ?? defaultLocale})`;
      const query = sql`websearch_to_tsquery(${config}, ${words})`;
      const offset = (page - 1) * SEARCH_PAGE_SIZE;
      const exact = (vector: SQL) => sql`${vector} @@ ${query}`;
      // The title's words in the row's own configuration: the form the title indexes of migration 0018 hold.
      const titleMatch = (title: SQL, rowConfig: SQL) => sql`to_tsvector(${rowConfig}, ${title}) @@ ${query}`;
      let counts = await countsOf(locale, exact);
      // Up to RANK_LIMIT matches of a type, every one is ranked: the title's words (weight A) first,
      // then the cover density of the whole document. Past it, ranking every document costs more
      // than it tells: a title match first, then the newest.
      const ranked = (vector: SQL) =>
        sql`(case when ts_filter(${vector}, '{a}') @@ ${query} then 1 else 0 end + ts_rank_cd(${vector}, ${query}, 33))::float8`;
      let fuzzy = false;
      let slice = (t: SearchType, from: number, count: number): Promise<Hit[]> =>
        counts[t] > RANK_LIMIT
          ? manySliceOf(t, locale, exact, titleMatch, from, count)
          : sliceOf(t, locale, exact, ranked, from, count);
      if (Object.values(counts).every((n) => n === 0) && (await hasTrigram())) {
        // Typo tolerance: titles spelt nearly alike (pg_trgm's word similarity, its index).
        fuzzy = true;
        const similar = (_vector: SQL, title: SQL) => sql`${words} <% ${title}`;
        const similarity = (_vector: SQL, title: SQL) => sql`word_similarity(${words}, ${title})::float8`;
        counts = await countsOf(locale, similar);
        slice = (t, from, count) => sliceOf(t, locale, similar, similarity, from, count);
      }
      // The page runs across the types in their order (or within the one asked for).
      const hitsOnPage: Hit[] = [];
      let before = 0;
      for (const t of type ? [type] : SEARCH_TYPES) {
        const from = Math.max(0, offset - before);
        const count = Math.min(counts[t] - from, SEARCH_PAGE_SIZE - hitsOnPage.length);
        before += counts[t];
        if (count > 0) hitsOnPage.push(...(await slice(t, from, count)));
        if (hitsOnPage.length >= SEARCH_PAGE_SIZE) break;
      }
      const found = { counts, items: hitsOnPage };

      const byType = new Map<SearchType, Map<number | null, Found>>();
      for (const t of SEARCH_TYPES) {
        const ids = found.items.filter((hit) => hit.type === t).map((hit) => hit.id);
        if (ids.length) byType.set(t, await details(t, ids, locale, query, config));
      }
      const items = found.items.flatMap((hit) => {
        const row = byType.get(hit.type)?.get(hit.id === null ? null : Number(hit.id));
        if (!row) return [];
        const id = hit.id === null ? null : Number(hit.id);
        const publishedAt = row.published_at === null ? null : new Date(row.published_at).toISOString();
        return [
          {
            type: hit.type,
            id,
            title: row.title,
            path: pathOf(hit.type, row, id),
            snippet: markedSnippet(row.headline ?? ''),
            appTitle: row.app_title,
            publishedAt,
          },
        ];
      });
      return reply(fuzzy, found.counts, items);
    },
  };
}

export type SearchRepo = ReturnType<typeof searchRepo>;
