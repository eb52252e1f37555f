ALTER TABLE "property_options" ADD COLUMN "desc_zh" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "property_options" ADD COLUMN "desc_en" text DEFAULT '' NOT NULL;