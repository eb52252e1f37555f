ALTER TABLE "questions" ADD COLUMN "show_reason_query_id" integer;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "show_reason_value" text;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_show_reason_query_id_questions_id_fk" FOREIGN KEY ("show_reason_query_id") REFERENCES "public"."questions"("id") ON DELETE no action ON UPDATE no action;