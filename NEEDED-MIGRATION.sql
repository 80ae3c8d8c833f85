-- Issue 28, item 4 (helper C, decision 128): the long lists are found by key, newest first.
-- For the merger: add as the next migration (and the index lines below to src/server/db/schema.ts).
-- Until then the tests that need them create them with these exact statements (IF NOT EXISTS).
--
-- The blog index, the admin's posts and the site feeds: every post newest first. The trailing
-- columns make the skip of a numbered page (/blog?page=500) an index-only scan: the skipped posts
-- are never read from the table, only their index entries (about 40 8-KB pages for page 500).
CREATE INDEX IF NOT EXISTS "blog_posts_newest_idx" ON "blog_posts" USING btree ((coalesce("published_at", "created_at")) DESC, "id" DESC, "app_id", "is_published", "published_at", "created_at");
--> statement-breakpoint
-- An app's blog (/apps/{id}/blogs, its feed, /blog?app=): the same within one app.
CREATE INDEX IF NOT EXISTS "blog_posts_app_newest_idx" ON "blog_posts" USING btree ("app_id", (coalesce("published_at", "created_at")) DESC, "id" DESC, "is_published", "published_at", "created_at");
--> statement-breakpoint
-- The admin's lists, newest first with the id as the tie-break their ORDER BY names.
CREATE INDEX IF NOT EXISTS "user_messages_newest_idx" ON "user_messages" USING btree ("created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "media_newest_idx" ON "media" USING btree ("created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "subscribers_newest_idx" ON "subscribers" USING btree ("created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_log_newest_idx" ON "audit_log" USING btree ("at" DESC, "id" DESC);

-- src/server/db/schema.ts, in each table's index list:
--   blogPosts:
--     index('blog_posts_newest_idx').using('btree', sql`(coalesce(${t.publishedAt}, ${t.createdAt})) desc`, t.id.desc(), t.appId, t.isPublished, t.publishedAt, t.createdAt),
--     index('blog_posts_app_newest_idx').using('btree', t.appId, sql`(coalesce(${t.publishedAt}, ${t.createdAt})) desc`, t.id.desc(), t.isPublished, t.publishedAt, t.createdAt),
--   userMessages: index('user_messages_newest_idx').on(t.createdAt.desc(), t.id.desc()),
--   media:        index('media_newest_idx').on(t.createdAt.desc(), t.id.desc()),
--   subscribers:  index('subscribers_newest_idx').on(t.createdAt.desc(), t.id.desc()),
--   auditLog:     index('audit_log_newest_idx').on(t.at.desc(), t.id.desc()),
