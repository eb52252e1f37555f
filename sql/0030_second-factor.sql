CREATE TABLE "recovery_codes" (
	"user_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "second_factors" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"label" text NOT NULL,
	"confirmed" boolean DEFAULT false NOT NULL,
	"secret" text,
	"last_step" bigint,
	"credential_id" text,
	"public_key" "bytea",
	"counter" bigint,
	"transports" text,
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "security_config" (
	"id" integer PRIMARY KEY NOT NULL,
	"grace_days" integer NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "pending_user_id" integer;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "pending_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "challenge" text;--> statement-breakpoint
ALTER TABLE "recovery_codes" ADD CONSTRAINT "recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "second_factors" ADD CONSTRAINT "second_factors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_config" ADD CONSTRAINT "security_config_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "recovery_codes_pk" ON "recovery_codes" USING btree ("user_id","code_hash");--> statement-breakpoint
CREATE INDEX "second_factors_user_idx" ON "second_factors" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "second_factors_credential_idx" ON "second_factors" USING btree ("credential_id");--> statement-breakpoint
CREATE UNIQUE INDEX "second_factors_one_app_idx" ON "second_factors" USING btree ("user_id","kind") WHERE kind = 'totp';--> statement-breakpoint
-- A database seeded before this migration starts its requirement now, with two weeks of grace; a new one is seeded with SECOND_FACTOR_GRACE_DAYS.
INSERT INTO "security_config" ("id", "grace_days", "since", "updated_at") VALUES (1, 14, now(), now()) ON CONFLICT ("id") DO NOTHING;
