-- The counters' tables bumped the configuration version on an update only when something other than the
-- counters changed, judged per row by comparing the whole row as jsonb before and after (0016). That test ran on
-- every counter update, inside the hot row's lock, and cost the one-statement sign-up about a third of its rate.
-- Now the trigger names its columns: every column but the counters, so a counter update never fires it at all.
-- A column added to these tables later must be added here too: tests/api/sign-config.test.ts checks the lists.
DO $$
DECLARE t text; cols text;
BEGIN
  FOREACH t IN ARRAY ARRAY['activities', 'teams', 'question_options'] LOOP
    SELECT string_agg(format('%I', column_name), ', ' ORDER BY ordinal_position) INTO cols
      FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = t AND column_name NOT IN ('used', 'version');
    EXECUTE format('DROP TRIGGER sign_config_edit ON %I', t);
    EXECUTE format('CREATE CONSTRAINT TRIGGER sign_config_edit AFTER UPDATE OF %s ON %I DEFERRABLE INITIALLY DEFERRED FOR EACH ROW'
      ' EXECUTE FUNCTION sign_config_bump()', cols, t);
  END LOOP;
END $$;
