CREATE TABLE "site_files" (
	"name" text PRIMARY KEY NOT NULL,
	"content" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blog_posts" ALTER COLUMN "slug" SET DEFAULT 'post-' || substr(md5(random()::text), 1, 10);--> statement-breakpoint
ALTER TABLE "about_us" ADD COLUMN "app_id" integer;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "slug" text DEFAULT 'app-' || substr(md5(random()::text), 1, 10) NOT NULL;--> statement-breakpoint
-- Existing apps get a slug from their title (as src/shared/slug.ts makes them): 'app' when the
-- title makes none; a slug taken by an older app, or one of digits only (an id's place), gets the id.
UPDATE "apps" SET "slug" = coalesce(nullif(left(trim(both '-' from regexp_replace(lower("title"), '[^a-z0-9]+', '-', 'g')), 80), ''), 'app');--> statement-breakpoint
UPDATE "apps" AS a SET "slug" = trim(both '-' from a."slug") || '-' || a."id" WHERE a."slug" ~ '^[0-9]+$' OR EXISTS (SELECT 1 FROM "apps" AS o WHERE o."slug" = a."slug" AND o."id" < a."id");--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "kind" text DEFAULT 'app' NOT NULL;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "category" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "platforms" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "apple_app_id" text;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "apple_bundle_id" text;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "apple_team_id" text;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "google_play_package" text;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "android_fingerprints" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "app_link_paths" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "price_amount" text;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "price_currency" text;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "release_date" date;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "coming_soon" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "age_rating" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "tagline" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "long_description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "trailer_provider" text;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "trailer_id" text;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "pre_register_link" text;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "pre_order_link" text;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "wishlist_link" text;--> statement-breakpoint
ALTER TABLE "privacy_policy" ADD COLUMN "app_id" integer;--> statement-breakpoint
ALTER TABLE "about_us" ADD CONSTRAINT "about_us_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_policy" ADD CONSTRAINT "privacy_policy_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "apps_slug_idx" ON "apps" USING btree ("slug");