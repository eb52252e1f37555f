CREATE TABLE "import_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"file_key" text NOT NULL,
	"header" jsonb NOT NULL,
	"rows" jsonb NOT NULL,
	"applied" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attachment" jsonb;--> statement-breakpoint
ALTER TABLE "import_logs" ADD CONSTRAINT "import_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "import_logs_key_idx" ON "import_logs" USING btree ("key");--> statement-breakpoint
CREATE INDEX "import_logs_expires_idx" ON "import_logs" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "parcels_order_number_idx" ON "parcels" USING btree ("order_id","number");