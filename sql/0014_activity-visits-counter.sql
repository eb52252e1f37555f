CREATE TABLE "activity_visits" (
	"activity_id" integer NOT NULL,
	"slot" smallint NOT NULL,
	"visits" integer NOT NULL,
	CONSTRAINT "activity_visits_activity_id_slot_pk" PRIMARY KEY("activity_id","slot")
);
--> statement-breakpoint
DROP INDEX "visit_log_activity_idx";--> statement-breakpoint
-- The visits recorded so far, counted as /system/visit counts from now on: an activity page whose params name
-- "id":"N" (the first such, up to nine digits, without a leading zero), under the member's slot (VISIT_SLOTS = 8).
INSERT INTO "activity_visits" ("activity_id", "slot", "visits")
SELECT substring("params" from '"id":"([0-9]{1,9})"')::integer, "user_id" % 8, count(*)
FROM "visit_log"
WHERE "page" = 704 AND substring("params" from '"id":"([0-9]{1,9})"') !~ '^0'
GROUP BY 1, 2;
--> statement-breakpoint
ALTER TABLE "user_values" ADD COLUMN "day" text GENERATED ALWAYS AS (case when (value #>> '{}') ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' then value #>> '{}' end) STORED;--> statement-breakpoint
CREATE INDEX "families_relation_user_idx" ON "families" USING btree ("relation_id","user_id");--> statement-breakpoint
CREATE INDEX "user_values_day_idx" ON "user_values" USING btree ("property_id","day","user_id") WHERE day is not null;