CREATE TABLE "waitlist" (
	"id" serial PRIMARY KEY NOT NULL,
	"activity_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"state" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"offered_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"order_id" integer
);
--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "waitlist" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "waitlist" ADD CONSTRAINT "waitlist_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist" ADD CONSTRAINT "waitlist_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist" ADD CONSTRAINT "waitlist_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_member_idx" ON "waitlist" USING btree ("activity_id","user_id") WHERE state in (1, 2);--> statement-breakpoint
CREATE INDEX "waitlist_line_idx" ON "waitlist" USING btree ("activity_id","id") WHERE state = 1;--> statement-breakpoint
CREATE INDEX "waitlist_offer_due_idx" ON "waitlist" USING btree ("expires_at") WHERE state = 2;--> statement-breakpoint
CREATE INDEX "waitlist_user_idx" ON "waitlist" USING btree ("user_id") WHERE state in (1, 2);--> statement-breakpoint
-- activities.waitlist is configuration: the sign_config trigger names it too (as 0018 names every column but the counters).
DO $$
DECLARE t text; cols text;
BEGIN
  FOREACH t IN ARRAY ARRAY['activities'] LOOP
    SELECT string_agg(format('%I', column_name), ', ' ORDER BY ordinal_position) INTO cols
      FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = t AND column_name NOT IN ('used', 'version');
    EXECUTE format('DROP TRIGGER sign_config_edit ON %I', t);
    EXECUTE format('CREATE CONSTRAINT TRIGGER sign_config_edit AFTER UPDATE OF %s ON %I DEFERRABLE INITIALLY DEFERRED FOR EACH ROW'
      ' EXECUTE FUNCTION sign_config_bump()', cols, t);
  END LOOP;
END $$;
