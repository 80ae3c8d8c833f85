-- Where translations show media (issue 28): a translation's rich texts may hold images of their own,
-- and the media library must name them (and refuse to delete an image one still shows). Translations
-- grow with the posts (one per post and language), so, as posts' media (migration 0024), the short
-- hashes of the /media/{hash}/ paths in a translation's fields are indexed, by the expression the
-- query uses (media.repo.ts TRANSLATION_MEDIA).
CREATE OR REPLACE FUNCTION media_hashes(body text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT m[1]), '{}')
  FROM regexp_matches(coalesce(body, ''), '/media/([0-9a-f]{16})/', 'g') AS m
$$;
--> statement-breakpoint
CREATE INDEX "translations_media_idx" ON "translations" USING gin (media_hashes("fields"::text));
