CREATE TABLE "analytics_daily" (
	"day" date NOT NULL,
	"report" text NOT NULL,
	"key" text NOT NULL,
	"app_id" integer DEFAULT 0 NOT NULL,
	"locale" text DEFAULT '' NOT NULL,
	"count" integer NOT NULL,
	"visitors" integer NOT NULL,
	"sample" boolean DEFAULT false NOT NULL,
	CONSTRAINT "analytics_daily_day_report_key_app_id_locale_sample_pk" PRIMARY KEY("day","report","key","app_id","locale","sample")
);
--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"name" text NOT NULL,
	"visitor" text DEFAULT '' NOT NULL,
	"path" text DEFAULT '' NOT NULL,
	"app_id" integer,
	"locale" text DEFAULT '' NOT NULL,
	"referrer_host" text,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"device" text,
	"os" text,
	"country" text,
	"target" text,
	"platform" text,
	"value" double precision,
	"sample" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_rollups" (
	"day" date PRIMARY KEY NOT NULL,
	"rolled_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "analytics_daily_report_idx" ON "analytics_daily" USING btree ("report","app_id","locale","day");--> statement-breakpoint
CREATE INDEX "analytics_events_day_name_idx" ON "analytics_events" USING btree ("day","name");--> statement-breakpoint
CREATE INDEX "analytics_events_at_idx" ON "analytics_events" USING btree ("at");