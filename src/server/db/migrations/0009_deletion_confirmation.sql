ALTER TABLE "deletion_requests" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deletion_requests" ADD COLUMN "confirm_token_hash" text;--> statement-breakpoint
ALTER TABLE "deletion_requests" ADD COLUMN "confirm_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification_jobs" ADD COLUMN "deletion_event_id" integer;--> statement-breakpoint
ALTER TABLE "notification_jobs" ADD CONSTRAINT "notification_jobs_deletion_event_id_deletion_request_events_id_fk" FOREIGN KEY ("deletion_event_id") REFERENCES "public"."deletion_request_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deletion_requests" ADD CONSTRAINT "deletion_requests_confirm_token_hash_unique" UNIQUE("confirm_token_hash");--> statement-breakpoint
-- hand-written (issue 21, deletion_confirmation): requests made before confirmation links counted from their submission
UPDATE "deletion_requests" SET "confirmed_at" = "created_at" WHERE "confirmed_at" IS NULL;