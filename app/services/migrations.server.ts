/** The portal's schema, applied once each, in order. Append; never edit a released entry. */
export const portalMigrations: string[] = [
  `CREATE TABLE portal_sessions (
     id_hash text PRIMARY KEY,
     user_id text NOT NULL,
     token_type text NOT NULL,
     email text,
     full_name text,
     source_id text,
     access_token text NOT NULL,
     access_token_expires_at timestamptz NOT NULL,
     refresh_token text,
     id_token text,
     renewals jsonb NOT NULL DEFAULT '[]'::jsonb,
     flow_state jsonb NOT NULL DEFAULT '{}'::jsonb,
     created_at timestamptz NOT NULL DEFAULT now(),
     last_seen_at timestamptz NOT NULL DEFAULT now()
   )`,
  `CREATE INDEX portal_sessions_user_id ON portal_sessions (user_id)`,
  `CREATE TABLE portal_participant_flags (
     user_id text NOT NULL,
     flag text NOT NULL,
     set_at timestamptz NOT NULL DEFAULT now(),
     PRIMARY KEY (user_id, flag)
   )`,
  // The sweep of ended sessions finds them by either limit without reading the table.
  `CREATE INDEX portal_sessions_last_seen_at ON portal_sessions (last_seen_at)`,
  `CREATE INDEX portal_sessions_created_at ON portal_sessions (created_at)`,
  // A flow a participant may come back to after their session ends (the password update's step).
  `CREATE TABLE portal_resumable_flows (
     user_id text NOT NULL,
     flow text NOT NULL,
     state jsonb NOT NULL,
     saved_at timestamptz NOT NULL,
     PRIMARY KEY (user_id, flow)
   )`,
  // The device a session was started on, as three words (app/domain/session-device.ts); never the User-Agent itself.
  `ALTER TABLE portal_sessions ADD COLUMN device jsonb`,
  // Barriers reported from the accessibility statement. The source is a keyed hash of the client's address, kept for the rate limit.
  `CREATE TABLE portal_barrier_reports (
     reference text PRIMARY KEY,
     page text NOT NULL,
     description text NOT NULL,
     email text NOT NULL,
     language text NOT NULL,
     user_id text,
     source_hash text NOT NULL,
     created_at timestamptz NOT NULL DEFAULT now(),
     acknowledged_at timestamptz
   )`,
  `CREATE INDEX portal_barrier_reports_source ON portal_barrier_reports (source_hash, created_at)`,
  `CREATE INDEX portal_barrier_reports_email ON portal_barrier_reports (lower(email), created_at)`,
  // A token renewal under way (session-store.server.ts): who claimed it, and until when.
  `ALTER TABLE portal_sessions ADD COLUMN renewal_claim text, ADD COLUMN renewal_claimed_until timestamptz`,
  // Refresh tokens of ended sessions, until the identity provider has revoked them (ended-sessions.server.ts).
  `CREATE TABLE portal_token_revocations (
     id_hash text PRIMARY KEY,
     refresh_token text NOT NULL,
     attempts integer NOT NULL DEFAULT 0,
     queued_at timestamptz NOT NULL DEFAULT now(),
     next_attempt_at timestamptz NOT NULL DEFAULT now()
   )`,
  `CREATE INDEX portal_token_revocations_due ON portal_token_revocations (next_attempt_at)`,
  // The report versions each participant has opened, for 'Updated' on a reissued report's card (report-versions.server.ts).
  `CREATE TABLE portal_report_opens (
     user_id text NOT NULL,
     app_id text NOT NULL,
     version integer NOT NULL,
     opened_at timestamptz NOT NULL DEFAULT now(),
     PRIMARY KEY (user_id, app_id, version)
   )`,
];
