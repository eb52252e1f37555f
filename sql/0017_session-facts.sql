-- What each instance caches of a session (src/http/envelope.ts) is the user's state, role, language and the
-- role's powers. Whatever changes them, in any code path, tells every instance on commit (NOTIFY is delivered
-- at commit only): the changed users' ids, or '*' (forget every session) for a change of powers or a change
-- too large for one notification (8,000 bytes).
CREATE FUNCTION session_facts_users() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids text;
BEGIN
  SELECT string_agg(n.id::text, ',') INTO ids FROM changed_new n JOIN changed_old o ON o.id = n.id
    WHERE (n.state, n.role_id, n.language) IS DISTINCT FROM (o.state, o.role_id, o.language);
  IF ids IS NOT NULL THEN PERFORM pg_notify('session_facts', CASE WHEN length(ids) > 7900 THEN '*' ELSE ids END); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER session_facts AFTER UPDATE ON users REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION session_facts_users();--> statement-breakpoint
CREATE FUNCTION session_facts_powers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_facts', '*');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER session_facts AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON role_powers
  FOR EACH STATEMENT EXECUTE FUNCTION session_facts_powers();
