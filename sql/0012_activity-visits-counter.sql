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
