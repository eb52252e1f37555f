CREATE TABLE "activity_views" (
	"activity_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "activity_views_activity_id_user_id_pk" PRIMARY KEY("activity_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "reminder_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"off" text[] DEFAULT '{}'::text[] NOT NULL,
	"channel" text,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer NOT NULL,
	"subject" integer NOT NULL,
	"channel" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"outbox_id" integer
);
--> statement-breakpoint
ALTER TABLE "activity_views" ADD CONSTRAINT "activity_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_settings" ADD CONSTRAINT "reminder_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reminders_once_idx" ON "reminders" USING btree ("kind","user_id","subject");--> statement-breakpoint
CREATE INDEX "reminders_sent_idx" ON "reminders" USING btree ("sent_at");--> statement-breakpoint
-- An installation seeded before this power existed: the power, for the administrator and the operator roles (docs/decisions.md 139). A fresh database has no roles yet: its seed adds both.
INSERT INTO "powers" ("code", "name_zh", "name_en") SELECT 'FUNCTION_REMINDERS', '提醒管理', 'Reminders' WHERE EXISTS (SELECT 1 FROM "roles" WHERE "code" = 'administrator') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_powers" ("role_id", "power") SELECT "id", 'FUNCTION_REMINDERS' FROM "roles" WHERE "code" IN ('administrator', 'operator') ON CONFLICT DO NOTHING;
