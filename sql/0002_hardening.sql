CREATE TABLE "files" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"size" integer NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "pay_url" text;--> statement-breakpoint
ALTER TABLE "operation_log" ADD COLUMN "target_entity" text;--> statement-breakpoint
ALTER TABLE "operation_log" ADD COLUMN "target_id" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "state" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "next_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "error" text;--> statement-breakpoint
CREATE INDEX "files_key_idx" ON "files" USING btree ("key");--> statement-breakpoint
CREATE INDEX "outbox_pending_idx" ON "outbox" USING btree ("state","next_at");--> statement-breakpoint
-- Messages written before delivery had states were already in the outbox staff read: they count as sent.
UPDATE "outbox" SET "state" = 'sent', "sent_at" = "created_at";
