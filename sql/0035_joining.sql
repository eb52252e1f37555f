CREATE TABLE "membership_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"employees" text NOT NULL,
	"mail" text,
	"name" text NOT NULL,
	"nationality_id" integer NOT NULL,
	"values" jsonb NOT NULL,
	"proof_key" text NOT NULL,
	"proof_type" text NOT NULL,
	"proof_name" text DEFAULT '' NOT NULL,
	"language" integer,
	"state" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"user_id" integer
);
--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "is_application" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "membership_applications" ADD CONSTRAINT "membership_applications_nationality_id_countries_id_fk" FOREIGN KEY ("nationality_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_applications" ADD CONSTRAINT "membership_applications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_applications" ADD CONSTRAINT "membership_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "applications_open_phone_idx" ON "membership_applications" USING btree ("phone") WHERE state = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "applications_open_employees_idx" ON "membership_applications" USING btree ("employees") WHERE state = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "applications_open_mail_idx" ON "membership_applications" USING btree ("mail") WHERE state = 'pending' and mail is not null;--> statement-breakpoint
CREATE INDEX "applications_state_idx" ON "membership_applications" USING btree ("state","id");--> statement-breakpoint
CREATE INDEX "applications_phone_idx" ON "membership_applications" USING btree ("phone","id");--> statement-breakpoint
-- An installation seeded before this power existed: the power, for the administrator and the operator roles (docs/decisions.md 140). A fresh database has no roles yet: its seed adds both.
INSERT INTO "powers" ("code", "name_zh", "name_en") SELECT 'FUNCTION_USER_APPLICATIONS', '入会审核', 'Membership applications' WHERE EXISTS (SELECT 1 FROM "roles" WHERE "code" = 'administrator') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_powers" ("role_id", "power") SELECT "id", 'FUNCTION_USER_APPLICATIONS' FROM "roles" WHERE "code" IN ('administrator', 'operator') ON CONFLICT DO NOTHING;
