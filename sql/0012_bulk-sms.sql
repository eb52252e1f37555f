CREATE TABLE "sms_numbers" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"phone" text NOT NULL,
	"state" integer DEFAULT 2601 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"done_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "sms_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"sign" text NOT NULL,
	"code" text NOT NULL,
	"file_name" text NOT NULL,
	"file_key" text NOT NULL,
	"count" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sms_numbers" ADD CONSTRAINT "sms_numbers_task_id_sms_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."sms_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_tasks" ADD CONSTRAINT "sms_tasks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sms_numbers_task_phone_idx" ON "sms_numbers" USING btree ("task_id","phone");--> statement-breakpoint
CREATE INDEX "sms_numbers_due_idx" ON "sms_numbers" USING btree ("state","next_at");--> statement-breakpoint
CREATE INDEX "sms_tasks_created_idx" ON "sms_tasks" USING btree ("created_at");