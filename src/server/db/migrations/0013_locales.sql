CREATE TABLE "site_locales" (
	"code" text PRIMARY KEY NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "translations" (
	"type" text NOT NULL,
	"item" text NOT NULL,
	"locale" text NOT NULL,
	"app_id" integer,
	"post_id" integer,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"slug" text,
	"is_published" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"publish_at" timestamp with time zone,
	"use_default" boolean DEFAULT false NOT NULL,
	"source_hash" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "translations_type_item_locale_pk" PRIMARY KEY("type","item","locale")
);
--> statement-breakpoint
CREATE TABLE "ui_strings" (
	"locale" text NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ui_strings_locale_key_pk" PRIMARY KEY("locale","key")
);
--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "default_locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "translations" ADD CONSTRAINT "translations_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translations" ADD CONSTRAINT "translations_post_id_blog_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "translations_slug_idx" ON "translations" USING btree ("type","locale","slug") WHERE "translations"."slug" is not null;--> statement-breakpoint
CREATE INDEX "translations_locale_idx" ON "translations" USING btree ("locale","type");--> statement-breakpoint
CREATE INDEX "translations_app_id_idx" ON "translations" USING btree ("app_id");--> statement-breakpoint
CREATE INDEX "translations_post_id_idx" ON "translations" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "translations_publish_at_idx" ON "translations" USING btree ("publish_at");