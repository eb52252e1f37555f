CREATE TABLE "calendar_feeds" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"language" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "event_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "event_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "place_zh" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "place_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_user_idx" ON "calendar_feeds" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_idx" ON "calendar_feeds" USING btree ("token_hash");--> statement-breakpoint
-- The activity's time and place are configuration: name them in the sign_config trigger as 0018 does every column.
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
