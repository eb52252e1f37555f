ALTER TABLE "sms_numbers" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sms_numbers" ADD COLUMN "report_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sms_tasks" ADD COLUMN "resend_nonce" text;--> statement-breakpoint
ALTER TABLE "sms_tasks" ADD COLUMN "resent" integer;