CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" bigint
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_username_unique";--> statement-breakpoint
-- Usernames become unique ignoring case. Accounts that differ from an older one only in case
-- (the newer of them could never sign in) are renamed to "<name>-<id>" (the first free
-- "<name>-<n>" from the id up), within the 50-character limit; the oldest keeps its name.
DO $$
DECLARE
	r record;
	n integer;
	candidate text;
BEGIN
	FOR r IN
		SELECT u.id, u.username FROM "users" u
		WHERE EXISTS (SELECT 1 FROM "users" o WHERE lower(o.username) = lower(u.username) AND o.id < u.id)
		ORDER BY u.id
	LOOP
		n := r.id;
		LOOP
			candidate := left(r.username, 49 - length(n::text)) || '-' || n::text;
			EXIT WHEN NOT EXISTS (SELECT 1 FROM "users" WHERE lower(username) = lower(candidate));
			n := n + 1;
		END LOOP;
		UPDATE "users" SET username = candidate WHERE id = r.id;
		RAISE WARNING 'username "%" (id %) differed only in case from an older account: renamed to "%"', r.username, r.id, candidate;
	END LOOP;
END $$;--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_idx" ON "users" USING btree (lower("username"));
