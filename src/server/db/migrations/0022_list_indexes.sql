CREATE INDEX "audit_log_newest_idx" ON "audit_log" USING btree ("at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "blog_posts_newest_idx" ON "blog_posts" USING btree ((coalesce("published_at", "created_at")) desc,"id" DESC NULLS FIRST,"app_id","is_published","published_at","created_at");--> statement-breakpoint
CREATE INDEX "blog_posts_app_newest_idx" ON "blog_posts" USING btree ("app_id",(coalesce("published_at", "created_at")) desc,"id" DESC NULLS FIRST,"is_published","published_at","created_at");--> statement-breakpoint
CREATE INDEX "media_newest_idx" ON "media" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "subscribers_newest_idx" ON "subscribers" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "user_messages_newest_idx" ON "user_messages" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);