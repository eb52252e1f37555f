ALTER TABLE "properties" ADD COLUMN "is_private" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The seed's passport number is private from the start; an existing portal marks its identity properties on the property page.
UPDATE "properties" SET "is_private" = true WHERE "title_en" = 'Passport number' AND "purpose" = 1105;
