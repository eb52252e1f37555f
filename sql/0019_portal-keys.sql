CREATE TABLE "portal_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"secret" "bytea" NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
