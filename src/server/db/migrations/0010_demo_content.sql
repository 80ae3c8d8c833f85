CREATE TABLE "demo_content" (
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text DEFAULT '' NOT NULL,
	CONSTRAINT "demo_content_kind_key_pk" PRIMARY KEY("kind","key")
);
