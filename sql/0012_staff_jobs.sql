CREATE TABLE "staff_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer NOT NULL,
	"state" text NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"result" jsonb,
	"file_key" text,
	"file_name" text,
	"params" jsonb NOT NULL,
	"attempt" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"heartbeat_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "staff_jobs" ADD CONSTRAINT "staff_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_jobs_key_idx" ON "staff_jobs" USING btree ("key");--> statement-breakpoint
CREATE INDEX "staff_jobs_user_idx" ON "staff_jobs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "staff_jobs_state_idx" ON "staff_jobs" USING btree ("state","heartbeat_at");--> statement-breakpoint
CREATE INDEX "staff_jobs_expires_idx" ON "staff_jobs" USING btree ("expires_at");