-- Every change to a sign-in session row is announced on the channel auth_session_changed (its id), when
-- its transaction commits, so each app instance forgets the session from its check cache at once
-- (server/modules/auth/sessions/session-check-cache.ts, docs/decisions/011-session-check-cache.md).
CREATE FUNCTION "announce_auth_session_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_session_changed', OLD."id"::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "auth_sessions_announce_change" AFTER UPDATE OR DELETE ON "auth_sessions" FOR EACH ROW EXECUTE FUNCTION "announce_auth_session_change"();
