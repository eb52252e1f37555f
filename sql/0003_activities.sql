CREATE TABLE "activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"module_id" integer NOT NULL,
	"team_id" integer,
	"category_id" integer,
	"state" integer NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"face" text,
	"video_id" text,
	"sign_start" timestamp with time zone,
	"sign_end" timestamp with time zone,
	"show_start" timestamp with time zone,
	"show_end" timestamp with time zone,
	"display_stock" integer,
	"cap" integer,
	"used" integer DEFAULT 0 NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"integral" integer DEFAULT 0 NOT NULL,
	"deduction" integer DEFAULT 0 NOT NULL,
	"must_integral" boolean DEFAULT false NOT NULL,
	"has_address" boolean DEFAULT false NOT NULL,
	"allow_update_address" boolean DEFAULT false NOT NULL,
	"has_express" boolean DEFAULT false NOT NULL,
	"has_ticket" boolean DEFAULT false NOT NULL,
	"allow_cancel" boolean DEFAULT false NOT NULL,
	"allow_cancel_date" timestamp with time zone,
	"cal_user_count" boolean DEFAULT true NOT NULL,
	"form_count" integer DEFAULT 1 NOT NULL,
	"has_cycle" boolean DEFAULT false NOT NULL,
	"cycle_date" integer DEFAULT 1 NOT NULL,
	"cycle_start" integer DEFAULT 0 NOT NULL,
	"cycle_count" integer DEFAULT 1 NOT NULL,
	"is_main" boolean DEFAULT false NOT NULL,
	"family_notice" boolean DEFAULT false NOT NULL,
	"content_zh" text DEFAULT '' NOT NULL,
	"content_en" text DEFAULT '' NOT NULL,
	"wording" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"style" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "activities_cap_check" CHECK ("activities"."cap" is null or "activities"."used" <= "activities"."cap")
);
--> statement-breakpoint
CREATE TABLE "activity_cycles" (
	"activity_id" integer NOT NULL,
	"cycle" integer NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "activity_cycles_activity_id_cycle_pk" PRIMARY KEY("activity_id","cycle")
);
--> statement-breakpoint
CREATE TABLE "activity_properties" (
	"activity_id" integer NOT NULL,
	"property_id" integer NOT NULL,
	"is_readonly" boolean DEFAULT false NOT NULL,
	"is_must" boolean DEFAULT false NOT NULL,
	"sort_index" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "activity_properties_activity_id_property_id_pk" PRIMARY KEY("activity_id","property_id")
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"module_id" integer NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conditions" (
	"id" serial PRIMARY KEY NOT NULL,
	"module_id" integer,
	"team_id" integer,
	"activity_id" integer,
	"type" integer NOT NULL,
	"property_id" integer NOT NULL,
	"compare_mode" integer NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "conditions_one_owner_check" CHECK (num_nonnulls("conditions"."module_id", "conditions"."team_id", "conditions"."activity_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "gifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"cap" integer,
	"used" integer DEFAULT 0 NOT NULL,
	"face" text,
	CONSTRAINT "gifts_cap_check" CHECK ("gifts"."cap" is null or "gifts"."used" <= "gifts"."cap")
);
--> statement-breakpoint
CREATE TABLE "modules" (
	"id" serial PRIMARY KEY NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"year" integer NOT NULL,
	"model" integer NOT NULL,
	"face" text,
	"is_title" boolean DEFAULT false NOT NULL,
	"show_start" timestamp with time zone,
	"show_end" timestamp with time zone,
	"title_face" text,
	"show_title" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "relationship_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"activity_id" integer NOT NULL,
	"relation_id" integer,
	"gender" integer DEFAULT -1 NOT NULL,
	"birth_from" date,
	"birth_to" date,
	"allow_min" integer DEFAULT 1 NOT NULL,
	"allow_max" integer DEFAULT 1 NOT NULL,
	"cal_count" boolean DEFAULT true NOT NULL,
	"sort_index" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rule_gifts" (
	"rule_id" integer NOT NULL,
	"gift_id" integer NOT NULL,
	CONSTRAINT "rule_gifts_rule_id_gift_id_pk" PRIMARY KEY("rule_id","gift_id")
);
--> statement-breakpoint
CREATE TABLE "tag_activities" (
	"tag_id" integer NOT NULL,
	"activity_id" integer NOT NULL,
	CONSTRAINT "tag_activities_tag_id_activity_id_pk" PRIMARY KEY("tag_id","activity_id")
);
--> statement-breakpoint
CREATE TABLE "tag_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"sort_index" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"sort_index" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" serial PRIMARY KEY NOT NULL,
	"module_id" integer NOT NULL,
	"category_id" integer,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"sort_index" integer DEFAULT 0 NOT NULL,
	"face" text,
	"show_stock" integer,
	"cap" integer,
	"used" integer DEFAULT 0 NOT NULL,
	"sign_only" boolean DEFAULT false NOT NULL,
	"before_check_tag" boolean DEFAULT false NOT NULL,
	CONSTRAINT "teams_cap_check" CHECK ("teams"."cap" is null or "teams"."used" <= "teams"."cap")
);
--> statement-breakpoint
CREATE TABLE "order_families" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"activity_id" integer NOT NULL,
	"family_id" integer,
	"rule_id" integer,
	"gift_id" integer,
	"name" text NOT NULL,
	"identity" text NOT NULL,
	"id_type" integer NOT NULL,
	"relation_id" integer NOT NULL,
	"sex" integer NOT NULL,
	"birthday" date,
	"phone" text,
	"counted" boolean NOT NULL,
	"state" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"child_trade" text NOT NULL,
	"user_id" integer NOT NULL,
	"activity_id" integer NOT NULL,
	"team_id" integer,
	"team_seat" integer,
	"cycle" integer DEFAULT 0 NOT NULL,
	"seq" integer NOT NULL,
	"places" integer NOT NULL,
	"state" integer NOT NULL,
	"properties" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"quests" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"takes" jsonb DEFAULT '{"options":[],"gifts":[]}'::jsonb NOT NULL,
	"score" integer,
	"time" integer,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"trade" text NOT NULL,
	"user_id" integer NOT NULL,
	"state" integer NOT NULL,
	"send_state" integer NOT NULL,
	"price" integer NOT NULL,
	"amount" integer NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"deducted" boolean DEFAULT false NOT NULL,
	"point_parts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"liaison" text,
	"phone" text,
	"address0" text,
	"address1" text,
	"address2" text,
	"address3" text,
	"address_info" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"pay_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "parcels" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"number" text NOT NULL,
	"company" text NOT NULL,
	"site" text,
	"phone" text,
	"logo" text,
	"state" integer NOT NULL,
	"trail" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"take_time" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_banks" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "question_banks_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "question_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"question_id" integer NOT NULL,
	"text_zh" text DEFAULT '' NOT NULL,
	"text_en" text DEFAULT '' NOT NULL,
	"value" text NOT NULL,
	"cap" integer,
	"used" integer DEFAULT 0 NOT NULL,
	"end_date" timestamp with time zone,
	"parent_id" integer,
	"image" text,
	"sort_index" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "question_options_cap_check" CHECK ("question_options"."cap" is null or "question_options"."used" <= "question_options"."cap")
);
--> statement-breakpoint
CREATE TABLE "questionnaire_items" (
	"activity_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"score" integer DEFAULT 0 NOT NULL,
	"answer" text DEFAULT '' NOT NULL,
	"weight" integer DEFAULT 100 NOT NULL,
	"sort_index" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "questionnaire_items_activity_id_question_id_pk" PRIMARY KEY("activity_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "questionnaires" (
	"activity_id" integer PRIMARY KEY NOT NULL,
	"bank_id" integer NOT NULL,
	"display" integer NOT NULL,
	"is_timing" boolean DEFAULT false NOT NULL,
	"is_random" boolean DEFAULT false NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"is_scoring" boolean DEFAULT false NOT NULL,
	"pass_line" integer DEFAULT 0 NOT NULL,
	"show_index" boolean DEFAULT true NOT NULL,
	"show_answer" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"bank_id" integer NOT NULL,
	"type" integer NOT NULL,
	"title_zh" text DEFAULT '' NOT NULL,
	"title_en" text DEFAULT '' NOT NULL,
	"desc_zh" text DEFAULT '' NOT NULL,
	"desc_en" text DEFAULT '' NOT NULL,
	"dialog_zh" text DEFAULT '' NOT NULL,
	"dialog_en" text DEFAULT '' NOT NULL,
	"is_must" boolean DEFAULT true NOT NULL,
	"match" text,
	"is_chinese_only" boolean DEFAULT false NOT NULL,
	"is_foreigner_only" boolean DEFAULT false NOT NULL,
	"parent_id" integer,
	"image" text,
	"sort_index" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quiz_draws" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"activity_id" integer NOT NULL,
	"question_ids" jsonb NOT NULL,
	"started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_cycles" ADD CONSTRAINT "activity_cycles_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_properties" ADD CONSTRAINT "activity_properties_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_properties" ADD CONSTRAINT "activity_properties_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conditions" ADD CONSTRAINT "conditions_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conditions" ADD CONSTRAINT "conditions_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conditions" ADD CONSTRAINT "conditions_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conditions" ADD CONSTRAINT "conditions_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relationship_rules" ADD CONSTRAINT "relationship_rules_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relationship_rules" ADD CONSTRAINT "relationship_rules_relation_id_relations_id_fk" FOREIGN KEY ("relation_id") REFERENCES "public"."relations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_gifts" ADD CONSTRAINT "rule_gifts_rule_id_relationship_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."relationship_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_gifts" ADD CONSTRAINT "rule_gifts_gift_id_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."gifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_activities" ADD CONSTRAINT "tag_activities_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_activities" ADD CONSTRAINT "tag_activities_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_groups" ADD CONSTRAINT "tag_groups_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_group_id_tag_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."tag_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_families" ADD CONSTRAINT "order_families_item_id_order_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_families" ADD CONSTRAINT "order_families_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_families" ADD CONSTRAINT "order_families_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_families" ADD CONSTRAINT "order_families_rule_id_relationship_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."relationship_rules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_families" ADD CONSTRAINT "order_families_gift_id_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."gifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcels" ADD CONSTRAINT "parcels_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_options" ADD CONSTRAINT "question_options_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_options" ADD CONSTRAINT "question_options_parent_id_question_options_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."question_options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_items" ADD CONSTRAINT "questionnaire_items_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_items" ADD CONSTRAINT "questionnaire_items_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaires" ADD CONSTRAINT "questionnaires_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaires" ADD CONSTRAINT "questionnaires_bank_id_question_banks_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."question_banks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_bank_id_question_banks_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."question_banks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_parent_id_questions_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_draws" ADD CONSTRAINT "quiz_draws_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activities_module_idx" ON "activities" USING btree ("module_id");--> statement-breakpoint
CREATE INDEX "activities_team_idx" ON "activities" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "conditions_activity_idx" ON "conditions" USING btree ("activity_id");--> statement-breakpoint
CREATE INDEX "conditions_team_idx" ON "conditions" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "conditions_module_idx" ON "conditions" USING btree ("module_id");--> statement-breakpoint
CREATE INDEX "modules_year_idx" ON "modules" USING btree ("year");--> statement-breakpoint
CREATE INDEX "order_families_item_idx" ON "order_families" USING btree ("item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_families_identity_idx" ON "order_families" USING btree ("activity_id","identity") WHERE state <> 203;--> statement-breakpoint
CREATE UNIQUE INDEX "order_items_trade_idx" ON "order_items" USING btree ("child_trade");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_items_activity_idx" ON "order_items" USING btree ("activity_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "order_items_member_seat_idx" ON "order_items" USING btree ("activity_id","user_id","cycle","seq") WHERE state <> 203;--> statement-breakpoint
CREATE UNIQUE INDEX "order_items_team_seat_idx" ON "order_items" USING btree ("team_seat","user_id") WHERE team_seat is not null and state <> 203;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_trade_idx" ON "orders" USING btree ("trade");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_waiting_idx" ON "orders" USING btree ("expires_at") WHERE state = 201;--> statement-breakpoint
CREATE INDEX "parcels_order_idx" ON "parcels" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "question_options_question_idx" ON "question_options" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "questions_bank_idx" ON "questions" USING btree ("bank_id");--> statement-breakpoint
CREATE INDEX "quiz_draws_user_idx" ON "quiz_draws" USING btree ("user_id","activity_id");--> statement-breakpoint
CREATE INDEX "quiz_draws_started_idx" ON "quiz_draws" USING btree ("started_at");