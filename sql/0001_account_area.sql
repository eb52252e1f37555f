CREATE TABLE "addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"address0" text NOT NULL,
	"address1" text NOT NULL,
	"address2" text NOT NULL,
	"address3" text NOT NULL,
	"info" text NOT NULL,
	"type" integer NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "families" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"identity" text NOT NULL,
	"id_type" integer NOT NULL,
	"relation_id" integer NOT NULL,
	"sex" integer NOT NULL,
	"phone" text,
	"birthday" date,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "relations" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"birthday_optional" integer DEFAULT 0 NOT NULL,
	"sort_index" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "relations_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "property_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"property_id" integer NOT NULL,
	"origin_value" text,
	"new_value" text,
	"operation_log_id" integer,
	"operator_id" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"page" integer NOT NULL,
	"params" text,
	"ip" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dues_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"sys_trade" text NOT NULL,
	"user_id" integer NOT NULL,
	"year" integer NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"amount" integer NOT NULL,
	"state" integer NOT NULL,
	"pay_trade" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"pay_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "member_config" (
	"id" integer PRIMARY KEY NOT NULL,
	"price" integer NOT NULL,
	"year" integer NOT NULL,
	"month" integer NOT NULL,
	"day" integer NOT NULL,
	"index_only_property_id" integer,
	"index_only_value" text,
	"cant_sign_property_id" integer,
	"cant_sign_value" text,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"trade" text NOT NULL,
	"provider" text NOT NULL,
	"kind" text NOT NULL,
	"ref_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"subject" text NOT NULL,
	"amount" integer NOT NULL,
	"state" integer NOT NULL,
	"provider_trade" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "point_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"count" integer NOT NULL,
	"type" integer NOT NULL,
	"remaining" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"desc_zh" text DEFAULT '' NOT NULL,
	"desc_en" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text,
	"text" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"channel" text NOT NULL,
	"target" text NOT NULL,
	"user_id" integer,
	"session_id" text NOT NULL,
	"code" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "families" ADD CONSTRAINT "families_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "families" ADD CONSTRAINT "families_relation_id_relations_id_fk" FOREIGN KEY ("relation_id") REFERENCES "public"."relations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dues_orders" ADD CONSTRAINT "dues_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_config" ADD CONSTRAINT "member_config_index_only_property_id_properties_id_fk" FOREIGN KEY ("index_only_property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_config" ADD CONSTRAINT "member_config_cant_sign_property_id_properties_id_fk" FOREIGN KEY ("cant_sign_property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_records" ADD CONSTRAINT "point_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_user_idx" ON "addresses" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "families_user_idx" ON "families" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "property_log_user_idx" ON "property_log" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "visit_log_user_idx" ON "visit_log" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "dues_orders_trade_idx" ON "dues_orders" USING btree ("sys_trade");--> statement-breakpoint
CREATE INDEX "dues_orders_user_idx" ON "dues_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "dues_orders_one_pending_idx" ON "dues_orders" USING btree ("user_id") WHERE state = 201;--> statement-breakpoint
CREATE UNIQUE INDEX "dues_orders_one_paid_idx" ON "dues_orders" USING btree ("user_id","year") WHERE state = 202;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_trade_idx" ON "payments" USING btree ("trade");--> statement-breakpoint
CREATE INDEX "payments_ref_idx" ON "payments" USING btree ("kind","ref_id");--> statement-breakpoint
CREATE INDEX "payments_state_idx" ON "payments" USING btree ("state","expires_at");--> statement-breakpoint
CREATE INDEX "point_records_user_idx" ON "point_records" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "point_records_expiry_idx" ON "point_records" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "outbox_created_idx" ON "outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "verification_codes_target_idx" ON "verification_codes" USING btree ("purpose","target","created_at");--> statement-breakpoint
CREATE INDEX "verification_codes_expires_idx" ON "verification_codes" USING btree ("expires_at");