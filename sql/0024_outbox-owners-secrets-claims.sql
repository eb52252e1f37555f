ALTER TABLE "outbox" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "power" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "sealed" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "claim_token" text;--> statement-breakpoint
-- Hand-added backfill (issue 28 item 2): every attachment mailed before this column existed is an order export, made under FUNCTION_ACTIVITY_ORDER.
UPDATE "outbox" SET "power" = 'FUNCTION_ACTIVITY_ORDER' WHERE "attachment" IS NOT NULL;
