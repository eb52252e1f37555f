CREATE TABLE "staff_job_files" (
	"job_key" text PRIMARY KEY NOT NULL,
	"bytes" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_job_rows" (
	"job_key" text NOT NULL,
	"line" integer NOT NULL,
	"outcome" text NOT NULL,
	CONSTRAINT "staff_job_rows_job_key_line_pk" PRIMARY KEY("job_key","line")
);
--> statement-breakpoint
ALTER TABLE "staff_job_files" ADD CONSTRAINT "staff_job_files_job_key_staff_jobs_key_fk" FOREIGN KEY ("job_key") REFERENCES "public"."staff_jobs"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_job_rows" ADD CONSTRAINT "staff_job_rows_job_key_staff_jobs_key_fk" FOREIGN KEY ("job_key") REFERENCES "public"."staff_jobs"("key") ON DELETE cascade ON UPDATE no action;