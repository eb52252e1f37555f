CREATE TABLE "import_marks" (
	"kind" text NOT NULL,
	"digest" text NOT NULL,
	"mark" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "import_marks_key_idx" ON "import_marks" USING btree ("kind","digest","mark");