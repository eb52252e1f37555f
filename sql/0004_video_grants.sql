CREATE TABLE "video_grants" (
	"token" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "video_grants_expires_idx" ON "video_grants" USING btree ("expires_at");