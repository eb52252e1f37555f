CREATE TABLE "lotteries" (
	"activity_id" integer PRIMARY KEY NOT NULL,
	"seed" text NOT NULL,
	"commitment" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"places" integer,
	"applicants" integer
);
--> statement-breakpoint
CREATE TABLE "lottery_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"activity_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"input" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"rank" integer
);
--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "draw_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "drawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lotteries" ADD CONSTRAINT "lotteries_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_entries" ADD CONSTRAINT "lottery_entries_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_entries" ADD CONSTRAINT "lottery_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_entries_member_idx" ON "lottery_entries" USING btree ("activity_id","user_id");--> statement-breakpoint
CREATE INDEX "lottery_entries_user_idx" ON "lottery_entries" USING btree ("user_id");--> statement-breakpoint
-- An installation seeded before this power existed: the power, for the administrator and the editor roles (docs/decisions.md 138). A fresh database has no roles yet: its seed adds both.
INSERT INTO "powers" ("code", "name_zh", "name_en") SELECT 'FUNCTION_ACTIVITY_LOTTERY', '抽签管理', 'Lotteries' WHERE EXISTS (SELECT 1 FROM "roles" WHERE "code" = 'administrator') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_powers" ("role_id", "power") SELECT "id", 'FUNCTION_ACTIVITY_LOTTERY' FROM "roles" WHERE "code" IN ('administrator', 'editor') ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The draw's time and its run are configuration (the sign-up outcome reads them): name them in the sign_config trigger as 0018 does every column.
DO $$
DECLARE cols text;
BEGIN
  SELECT string_agg(format('%I', column_name), ', ' ORDER BY ordinal_position) INTO cols
    FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name = 'activities' AND column_name NOT IN ('used', 'version');
  EXECUTE 'DROP TRIGGER sign_config_edit ON activities';
  EXECUTE format('CREATE CONSTRAINT TRIGGER sign_config_edit AFTER UPDATE OF %s ON activities DEFERRABLE INITIALLY DEFERRED FOR EACH ROW'
    ' EXECUTE FUNCTION sign_config_bump()', cols);
END $$;
