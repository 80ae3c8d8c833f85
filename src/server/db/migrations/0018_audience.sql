CREATE TABLE "app_releases" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"version" text NOT NULL,
	"released_on" date NOT NULL,
	"platforms" text[] DEFAULT '{}'::text[] NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_recipients" (
	"campaign_id" integer NOT NULL,
	"subscriber_id" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	CONSTRAINT "campaign_recipients_campaign_id_subscriber_id_pk" PRIMARY KEY("campaign_id","subscriber_id")
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"list" text NOT NULL,
	"platforms" text[] DEFAULT '{}'::text[] NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"origin" text,
	"app_id" integer,
	"post_id" integer,
	"release_id" integer,
	"created_by" integer,
	"sent_by" integer,
	"queued_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"message_id" integer NOT NULL,
	"body" text NOT NULL,
	"sent_by" integer,
	"status" text DEFAULT 'queued' NOT NULL,
	"sent_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscribers" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"locale" text,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_consents" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"signed_up_at" timestamp with time zone DEFAULT now() NOT NULL,
	"signed_up_ip" text,
	"form" text NOT NULL,
	"page" text DEFAULT '' NOT NULL,
	"wording" text DEFAULT '' NOT NULL,
	"privacy_version" text,
	"source" text,
	"token_hash" text,
	"token_expires_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"confirmed_ip" text
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"list" text NOT NULL,
	"app_id" integer,
	"platforms" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suppressions" (
	"email_hash" text PRIMARY KEY NOT NULL,
	"reason" text DEFAULT 'removed' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blog_posts" ALTER COLUMN "app_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "scope" text DEFAULT 'app' NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_jobs" ADD COLUMN "consent_id" integer;--> statement-breakpoint
ALTER TABLE "notification_jobs" ADD COLUMN "reply_id" integer;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "mail_per_minute" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "translations" ADD COLUMN "release_id" integer;--> statement-breakpoint
ALTER TABLE "user_messages" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "app_releases" ADD CONSTRAINT "app_releases_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_post_id_blog_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog_posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_release_id_app_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."app_releases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_replies" ADD CONSTRAINT "message_replies_message_id_user_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."user_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_replies" ADD CONSTRAINT "message_replies_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_consents" ADD CONSTRAINT "subscription_consents_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "app_releases_app_version_idx" ON "app_releases" USING btree ("app_id","version");--> statement-breakpoint
CREATE INDEX "app_releases_app_date_idx" ON "app_releases" USING btree ("app_id","released_on");--> statement-breakpoint
CREATE INDEX "campaign_recipients_status_idx" ON "campaign_recipients" USING btree ("status","campaign_id");--> statement-breakpoint
CREATE INDEX "campaigns_created_at_idx" ON "campaigns" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "message_replies_message_idx" ON "message_replies" USING btree ("message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscribers_email_idx" ON "subscribers" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "subscribers_token_idx" ON "subscribers" USING btree ("token");--> statement-breakpoint
CREATE INDEX "subscription_consents_subscription_idx" ON "subscription_consents" USING btree ("subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_consents_token_idx" ON "subscription_consents" USING btree ("token_hash") WHERE "subscription_consents"."token_hash" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_subscriber_list_idx" ON "subscriptions" USING btree ("subscriber_id","list");--> statement-breakpoint
CREATE INDEX "subscriptions_list_status_idx" ON "subscriptions" USING btree ("list","status");--> statement-breakpoint
ALTER TABLE "notification_jobs" ADD CONSTRAINT "notification_jobs_consent_id_subscription_consents_id_fk" FOREIGN KEY ("consent_id") REFERENCES "public"."subscription_consents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_jobs" ADD CONSTRAINT "notification_jobs_reply_id_message_replies_id_fk" FOREIGN KEY ("reply_id") REFERENCES "public"."message_replies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translations" ADD CONSTRAINT "translations_release_id_app_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."app_releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "translations_release_id_idx" ON "translations" USING btree ("release_id");--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_scope_check" CHECK (("blog_posts"."scope" = 'studio' and "blog_posts"."app_id" is null) or ("blog_posts"."scope" = 'app' and "blog_posts"."app_id" is not null));--> statement-breakpoint
-- Release notes are searchable (issue 25, decision 117): the version (A) and its "What's new" (C).
ALTER TABLE "app_releases" ADD COLUMN "search_config" regconfig DEFAULT site_default_search_config() NOT NULL;
--> statement-breakpoint
ALTER TABLE "app_releases" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector(search_config, version), 'A')
  || setweight(to_tsvector(search_config, notes), 'C')
) STORED;
--> statement-breakpoint
CREATE INDEX "app_releases_search_idx" ON "app_releases" USING gin ("search_vector") WITH (fastupdate = off);
--> statement-breakpoint
-- A translation's vector now reads a release's notes too (a generated column is remade to change it).
ALTER TABLE "translations" DROP COLUMN "search_vector";
--> statement-breakpoint
ALTER TABLE "translations" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  CASE WHEN type IN ('app', 'post', 'release') OR (type = 'page' AND item = 'about') OR (type = 'app-page' AND item LIKE '%-support') THEN
    setweight(to_tsvector(site_search_config(locale), coalesce(fields->>'title', '')), 'A')
    || setweight(to_tsvector(site_search_config(locale), coalesce(fields->>'tagline', '') || ' ' || coalesce(fields->>'excerpt', '')), 'B')
    || setweight(jsonb_to_tsvector(site_search_config(locale), coalesce(fields->'faq', '[]'::jsonb), '["string"]'), 'B')
    || setweight(to_tsvector(site_search_config(locale),
         coalesce(fields->>'description', '') || ' ' || coalesce(fields->>'longDescription', '') || ' '
         || coalesce(fields->>'content', '') || ' ' || coalesce(fields->>'supportIntro', '') || ' '
         || coalesce(fields->>'notes', '')), 'C')
  END
) STORED;
--> statement-breakpoint
CREATE INDEX "translations_search_idx" ON "translations" USING gin ("search_vector") WITH (fastupdate = off);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION site_search_follow_default() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  cfg regconfig := site_search_config(NEW.default_locale);
BEGIN
  UPDATE apps SET search_config = cfg WHERE search_config <> cfg;
  UPDATE blog_posts SET search_config = cfg WHERE search_config <> cfg;
  UPDATE app_pages SET search_config = cfg WHERE search_config <> cfg;
  UPDATE about_us SET search_config = cfg WHERE search_config <> cfg;
  UPDATE app_releases SET search_config = cfg WHERE search_config <> cfg;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A search with more matches than are worth ranking shows title matches first, then the newest:
-- these indexes find the title matches without reading every match (decision 117).
CREATE INDEX "blog_posts_title_search_idx" ON "blog_posts" USING gin (to_tsvector(search_config, title)) WITH (fastupdate = off);
--> statement-breakpoint
CREATE INDEX "translations_title_search_idx" ON "translations" USING gin (to_tsvector(site_search_config(locale), coalesce(fields->>'title', ''))) WITH (fastupdate = off);
