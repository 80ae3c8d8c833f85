CREATE TABLE "app_pages" (
	"app_id" integer PRIMARY KEY NOT NULL,
	"account_deletion" boolean DEFAULT false NOT NULL,
	"deletion_deleted" text DEFAULT '' NOT NULL,
	"deletion_kept" text DEFAULT '' NOT NULL,
	"deletion_days" integer DEFAULT 30 NOT NULL,
	"support_email" text,
	"support_intro" text DEFAULT '' NOT NULL,
	"faq" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deletion_request_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"actor_id" integer,
	"actor_name" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deletion_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"app_id" integer NOT NULL,
	"email" text NOT NULL,
	"account_id" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deletion_requests_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "press_kits" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" integer,
	"based_in" text DEFAULT '' NOT NULL,
	"founded_on" text DEFAULT '' NOT NULL,
	"website" text,
	"press_contact" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"history" text DEFAULT '' NOT NULL,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"release_dates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"trailers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"logos" text[] DEFAULT '{}'::text[] NOT NULL,
	"awards" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"quotes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"credits" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"monetization" text DEFAULT 'ask' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "privacy_policy_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"effective_on" date NOT NULL,
	"content" text NOT NULL,
	"uses_studio_policy" boolean DEFAULT false NOT NULL,
	"data_collected" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_jobs" ALTER COLUMN "message_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_jobs" ADD COLUMN "deletion_request_id" integer;--> statement-breakpoint
ALTER TABLE "privacy_policy" ADD COLUMN "uses_studio_policy" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "privacy_policy" ADD COLUMN "data_collected" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "user_messages" ADD COLUMN "tag" text;--> statement-breakpoint
ALTER TABLE "app_pages" ADD CONSTRAINT "app_pages_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deletion_request_events" ADD CONSTRAINT "deletion_request_events_request_id_deletion_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."deletion_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deletion_request_events" ADD CONSTRAINT "deletion_request_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deletion_requests" ADD CONSTRAINT "deletion_requests_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "press_kits" ADD CONSTRAINT "press_kits_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_policy_versions" ADD CONSTRAINT "privacy_policy_versions_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_policy_versions" ADD CONSTRAINT "privacy_policy_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deletion_request_events_request_idx" ON "deletion_request_events" USING btree ("request_id","id");--> statement-breakpoint
CREATE INDEX "deletion_requests_status_idx" ON "deletion_requests" USING btree ("status","due_at");--> statement-breakpoint
CREATE INDEX "deletion_requests_app_idx" ON "deletion_requests" USING btree ("app_id");--> statement-breakpoint
CREATE UNIQUE INDEX "press_kits_app_id_idx" ON "press_kits" USING btree ("app_id");--> statement-breakpoint
CREATE UNIQUE INDEX "privacy_policy_versions_app_day_idx" ON "privacy_policy_versions" USING btree ("app_id","effective_on");--> statement-breakpoint
ALTER TABLE "notification_jobs" ADD CONSTRAINT "notification_jobs_deletion_request_id_deletion_requests_id_fk" FOREIGN KEY ("deletion_request_id") REFERENCES "public"."deletion_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "privacy_policy_app_id_idx" ON "privacy_policy" USING btree ("app_id");