CREATE TABLE "media_moves" (
	"id" serial PRIMARY KEY NOT NULL,
	"target" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"moved" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "media_storage" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"backend" text DEFAULT 'db' NOT NULL,
	"endpoint" text DEFAULT '' NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"bucket" text DEFAULT '' NOT NULL,
	"path_style" boolean DEFAULT true NOT NULL,
	"access_key_id" text DEFAULT '' NOT NULL,
	"secret_access_key" text DEFAULT '' NOT NULL,
	"key_prefix" text DEFAULT '' NOT NULL,
	"public_base_url" text DEFAULT '' NOT NULL,
	"serve_mode" text DEFAULT 'redirect' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "media_files" ALTER COLUMN "bytes" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "media_files" ADD COLUMN "storage" text DEFAULT 'db' NOT NULL;--> statement-breakpoint
ALTER TABLE "media_files" ADD COLUMN "size" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "media_files" ADD COLUMN "sha256" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "media_files" SET "size" = octet_length("bytes"), "sha256" = encode(sha256("bytes"), 'hex');--> statement-breakpoint
ALTER TABLE "media_files" ADD CONSTRAINT "media_files_bytes_where_stored" CHECK (("storage" = 'db') = ("bytes" IS NOT NULL) AND "storage" IN ('db', 's3'));--> statement-breakpoint
ALTER TABLE "media_storage" ADD CONSTRAINT "media_storage_one_row" CHECK ("id" = 1);--> statement-breakpoint
CREATE UNIQUE INDEX "media_moves_one_running" ON "media_moves" ("status") WHERE "status" = 'running';
