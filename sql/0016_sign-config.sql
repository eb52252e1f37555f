CREATE TABLE "sign_config" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- What sign-up reads that only staff change is cached per instance under this version (src/domains/signup/config.ts).
INSERT INTO "sign_config" ("id", "version") VALUES (1, 0);--> statement-breakpoint
-- One bump per transaction, at its commit (the triggers are deferred): taken last, the row's lock never sits
-- between two other locks, and the new configuration and its version become visible together. The
-- transaction-local setting marks the transaction bumped (copy-to-postgres sets it: the copy carries its version).
CREATE FUNCTION sign_config_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('sign_config.bumped', true) = 'on' THEN RETURN NULL; END IF;
  UPDATE sign_config SET version = version + 1 WHERE id = 1;
  PERFORM set_config('sign_config.bumped', 'on', true);
  RETURN NULL;
END $$;--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['modules', 'conditions', 'activity_properties', 'properties', 'property_options', 'questionnaires',
    'questionnaire_items', 'questions', 'relationship_rules', 'rule_gifts', 'activities', 'teams', 'question_options'] LOOP
    EXECUTE format('CREATE TRIGGER sign_config_truncate AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION sign_config_bump()', t);
  END LOOP;
  FOREACH t IN ARRAY ARRAY['modules', 'conditions', 'activity_properties', 'properties', 'property_options', 'questionnaires',
    'questionnaire_items', 'questions', 'relationship_rules', 'rule_gifts'] LOOP
    EXECUTE format('CREATE CONSTRAINT TRIGGER sign_config_bump AFTER INSERT OR UPDATE OR DELETE ON %I DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION sign_config_bump()', t);
  END LOOP;
  -- The counters (places taken; the version every cancel bumps) are read live, never cached: changing them alone bumps nothing.
  FOREACH t IN ARRAY ARRAY['activities', 'teams', 'question_options'] LOOP
    EXECUTE format('CREATE CONSTRAINT TRIGGER sign_config_bump AFTER INSERT OR DELETE ON %I DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION sign_config_bump()', t);
    EXECUTE format('CREATE CONSTRAINT TRIGGER sign_config_edit AFTER UPDATE ON %I DEFERRABLE INITIALLY DEFERRED FOR EACH ROW'
      ' WHEN ((to_jsonb(OLD) - ''used'' - ''version'') IS DISTINCT FROM (to_jsonb(NEW) - ''used'' - ''version'')) EXECUTE FUNCTION sign_config_bump()', t);
  END LOOP;
END $$;
