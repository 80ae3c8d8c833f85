CREATE TABLE "notification_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"message_id" integer NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"failed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"tagline" text DEFAULT '' NOT NULL,
	"logo" text,
	"footer_text" text DEFAULT '' NOT NULL,
	"share_image" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "is_featured" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "is_hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "user_agent" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_jobs" ADD CONSTRAINT "notification_jobs_message_id_user_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."user_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_jobs_run_at_idx" ON "notification_jobs" USING btree ("run_at");--> statement-breakpoint
CREATE INDEX "blog_posts_created_at_idx" ON "blog_posts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "user_messages_created_at_idx" ON "user_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "user_messages_is_read_idx" ON "user_messages" USING btree ("is_read");--> statement-breakpoint
-- Existing apps keep the order they had (by id).
UPDATE "apps" SET "position" = "id";