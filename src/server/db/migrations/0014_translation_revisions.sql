ALTER TABLE "preview_links" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "revisions" ADD COLUMN "translation_type" text;--> statement-breakpoint
ALTER TABLE "revisions" ADD COLUMN "translation_item" text;--> statement-breakpoint
ALTER TABLE "revisions" ADD COLUMN "translation_locale" text;--> statement-breakpoint
ALTER TABLE "revisions" ADD CONSTRAINT "revisions_translation_fk" FOREIGN KEY ("translation_type","translation_item","translation_locale") REFERENCES "public"."translations"("type","item","locale") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "revisions_translation_idx" ON "revisions" USING btree ("translation_type","translation_item","translation_locale","id");