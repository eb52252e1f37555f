ALTER TABLE "order_items" ADD COLUMN "checked_by" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_checked_by_users_id_fk" FOREIGN KEY ("checked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- An installation seeded before this power existed: the power, for the administrator and the editor roles (docs/decisions.md). A fresh database has no roles yet: its seed adds both.
INSERT INTO "powers" ("code", "name_zh", "name_en") SELECT 'FUNCTION_ACTIVITY_CHECK_IN', '签到核验', 'Check-in' WHERE EXISTS (SELECT 1 FROM "roles" WHERE "code" = 'administrator') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_powers" ("role_id", "power") SELECT "id", 'FUNCTION_ACTIVITY_CHECK_IN' FROM "roles" WHERE "code" IN ('administrator', 'editor') ON CONFLICT DO NOTHING;
