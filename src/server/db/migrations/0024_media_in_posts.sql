-- Where posts show media (issue 28, decision 128): the media library's list says where each image on
-- its page is used. Posts are the content that grows (100,000 in the growth bench), so their media
-- are indexed: the /media/{hash}/ short hashes in a post's content, gallery and share image, found by
-- the same expression the query uses (media.repo.ts POST_MEDIA), looked up per page.
CREATE OR REPLACE FUNCTION post_media_hashes(content text, images text[], share_image text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT m[1]), '{}')
  FROM regexp_matches(
    coalesce(content, '') || ' ' || coalesce(array_to_string(images, ' '), '') || ' ' || coalesce(share_image, ''),
    '/media/([0-9a-f]{16})/', 'g'
  ) AS m
$$;
--> statement-breakpoint
CREATE INDEX "blog_posts_media_idx" ON "blog_posts" USING gin (post_media_hashes("content", "images", "share_image"));
