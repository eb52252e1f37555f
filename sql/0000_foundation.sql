CREATE TABLE "countries" (
	"id" serial PRIMARY KEY NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"type" integer NOT NULL,
	"sort_index" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "properties" (
	"id" serial PRIMARY KEY NOT NULL,
	"title_zh" text NOT NULL,
	"title_en" text NOT NULL,
	"desc_zh" text DEFAULT '' NOT NULL,
	"desc_en" text DEFAULT '' NOT NULL,
	"dialog_zh" text DEFAULT '' NOT NULL,
	"dialog_en" text DEFAULT '' NOT NULL,
	"type" integer NOT NULL,
	"purpose" integer NOT NULL,
	"is_show" boolean DEFAULT true NOT NULL,
	"is_must" boolean DEFAULT false NOT NULL,
	"is_readonly" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"is_chinese_only" boolean DEFAULT false NOT NULL,
	"is_foreigner_only" boolean DEFAULT false NOT NULL,
	"match" text,
	"sort_index" integer DEFAULT 0 NOT NULL,
	"parent_id" integer,
	"reason_property_id" integer,
	"reason_value" text
);
--> statement-breakpoint
CREATE TABLE "property_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"property_id" integer NOT NULL,
	"text_zh" text NOT NULL,
	"text_en" text NOT NULL,
	"value" text NOT NULL,
	"parent_id" integer,
	"sort_index" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "captchas" (
	"session_id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"account" text NOT NULL,
	"success" boolean NOT NULL,
	"result" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "one_time_keys" (
	"key" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operation_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"target_user_id" integer,
	"action" text NOT NULL,
	"detail" text,
	"ip" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request_nonces" (
	"session_id" text NOT NULL,
	"nonce" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "request_nonces_session_id_nonce_pk" PRIMARY KEY("session_id","nonce")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"enc_key" "bytea" NOT NULL,
	"mac_key" "bytea" NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "types" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"group_name" text NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	CONSTRAINT "types_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "powers" (
	"code" text PRIMARY KEY NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role_powers" (
	"role_id" integer NOT NULL,
	"power" text NOT NULL,
	CONSTRAINT "role_powers_role_id_power_pk" PRIMARY KEY("role_id","power")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	CONSTRAINT "roles_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "user_values" (
	"user_id" integer NOT NULL,
	"property_id" integer NOT NULL,
	"option_id" integer,
	"value" jsonb NOT NULL,
	CONSTRAINT "user_values_user_id_property_id_pk" PRIMARY KEY("user_id","property_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"employees" text,
	"phone" text,
	"mail" text,
	"password_hash" text,
	"state" integer NOT NULL,
	"role_id" integer NOT NULL,
	"language" integer,
	"nationality_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "users_employees_unique" UNIQUE("employees"),
	CONSTRAINT "users_phone_unique" UNIQUE("phone"),
	CONSTRAINT "users_mail_unique" UNIQUE("mail")
);
--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_parent_id_properties_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_reason_property_id_properties_id_fk" FOREIGN KEY ("reason_property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_options" ADD CONSTRAINT "property_options_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_options" ADD CONSTRAINT "property_options_parent_id_property_options_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."property_options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_powers" ADD CONSTRAINT "role_powers_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_powers" ADD CONSTRAINT "role_powers_power_powers_code_fk" FOREIGN KEY ("power") REFERENCES "public"."powers"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_values" ADD CONSTRAINT "user_values_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_values" ADD CONSTRAINT "user_values_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_nationality_id_countries_id_fk" FOREIGN KEY ("nationality_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "property_options_property_idx" ON "property_options" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "login_log_user_idx" ON "login_log" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "operation_log_user_idx" ON "operation_log" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "operation_log_target_idx" ON "operation_log" USING btree ("target_user_id");--> statement-breakpoint
CREATE INDEX "rate_limits_expires_idx" ON "rate_limits" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "request_nonces_expires_idx" ON "request_nonces" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "users_state_idx" ON "users" USING btree ("state");