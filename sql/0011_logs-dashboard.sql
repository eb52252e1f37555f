CREATE TABLE "dashboard_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"gender_property_id" integer,
	"birthday_property_id" integer
);
--> statement-breakpoint
ALTER TABLE "dashboard_settings" ADD CONSTRAINT "dashboard_settings_gender_property_id_properties_id_fk" FOREIGN KEY ("gender_property_id") REFERENCES "public"."properties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_settings" ADD CONSTRAINT "dashboard_settings_birthday_property_id_properties_id_fk" FOREIGN KEY ("birthday_property_id") REFERENCES "public"."properties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visit_log_activity_idx" ON "visit_log" USING btree ((substring("params" from '"id":"([0-9]{1,9})"'))) WHERE "visit_log"."page" = 704;