CREATE TABLE "survey_ballots" (
	"id" text PRIMARY KEY NOT NULL,
	"survey_id" integer NOT NULL,
	"user_id" integer,
	"answered_at" timestamp with time zone,
	"answers" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_marks" (
	"survey_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "survey_marks_survey_id_user_id_pk" PRIMARY KEY("survey_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "survey_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"survey_id" integer NOT NULL,
	"sort_index" integer NOT NULL,
	"kind" text NOT NULL,
	"title_zh" text NOT NULL,
	"title_en" text NOT NULL,
	"required" boolean DEFAULT true NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"scale" integer
);
--> statement-breakpoint
CREATE TABLE "surveys" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"title_zh" text NOT NULL,
	"title_en" text NOT NULL,
	"intro_zh" text DEFAULT '' NOT NULL,
	"intro_en" text DEFAULT '' NOT NULL,
	"anonymous" boolean DEFAULT false NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"audience" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "survey_ballots" ADD CONSTRAINT "survey_ballots_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_ballots" ADD CONSTRAINT "survey_ballots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_marks" ADD CONSTRAINT "survey_marks_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_marks" ADD CONSTRAINT "survey_marks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_questions" ADD CONSTRAINT "survey_questions_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "survey_ballots_survey_idx" ON "survey_ballots" USING btree ("survey_id");--> statement-breakpoint
CREATE INDEX "survey_marks_user_idx" ON "survey_marks" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "survey_questions_survey_idx" ON "survey_questions" USING btree ("survey_id","sort_index");--> statement-breakpoint
CREATE INDEX "surveys_open_idx" ON "surveys" USING btree ("opens_at","closes_at");--> statement-breakpoint
-- An installation seeded before this power existed: the power, for the administrator and the editor roles (docs/decisions.md 141). A fresh database has no roles yet: its seed adds both.
INSERT INTO "powers" ("code", "name_zh", "name_en") SELECT 'FUNCTION_SURVEY_EDIT', '问卷与投票', 'Surveys and votes' WHERE EXISTS (SELECT 1 FROM "roles" WHERE "code" = 'administrator') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_powers" ("role_id", "power") SELECT "id", 'FUNCTION_SURVEY_EDIT' FROM "roles" WHERE "code" IN ('administrator', 'editor') ON CONFLICT DO NOTHING;
