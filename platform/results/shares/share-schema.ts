/** Shares of one report with a clinician, beside the reports they open: append new scripts, never edit released ones. */
export const shareMigrations: readonly string[] = [
  `
  ALTER TABLE results_patients ADD COLUMN IF NOT EXISTS date_of_birth date;
  CREATE TABLE results_shares (
    id uuid PRIMARY KEY,
    user_id text NOT NULL REFERENCES results_patients (user_id) ON DELETE CASCADE,
    app_id text NOT NULL,
    recipient text NOT NULL,
    language text NOT NULL,
    code_hash text NOT NULL UNIQUE,
    link_hash text NOT NULL UNIQUE,
    created_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL,
    revoked_at timestamptz,
    locked_at timestamptz,
    wrong_birth_dates integer NOT NULL DEFAULT 0
  );
  CREATE INDEX results_shares_by_participant ON results_shares (user_id, created_at DESC);
  CREATE TABLE results_share_accesses (
    token_hash text PRIMARY KEY,
    share_id uuid NOT NULL REFERENCES results_shares (id) ON DELETE CASCADE,
    expires_at timestamptz NOT NULL
  );
  CREATE TABLE results_share_events (
    id uuid PRIMARY KEY,
    share_id uuid NOT NULL REFERENCES results_shares (id) ON DELETE CASCADE,
    user_id text NOT NULL,
    kind text NOT NULL CHECK (kind IN ('created', 'viewed', 'revoked', 'locked')),
    device text,
    at timestamptz NOT NULL,
    lease_until timestamptz,
    notified_at timestamptz
  );
  CREATE INDEX results_share_events_by_share ON results_share_events (share_id, at);
  CREATE INDEX results_share_events_pending ON results_share_events (at) WHERE notified_at IS NULL;
  CREATE TABLE results_share_misses (
    window_start timestamptz PRIMARY KEY,
    misses integer NOT NULL
  );
  `,
  `
  CREATE TABLE results_share_requests (
    request_hash text PRIMARY KEY,
    user_id text NOT NULL REFERENCES results_patients (user_id) ON DELETE CASCADE,
    share_id uuid NOT NULL REFERENCES results_shares (id) ON DELETE CASCADE,
    secrets_sealed text,
    replay_until timestamptz NOT NULL
  );
  CREATE INDEX results_share_requests_by_participant ON results_share_requests (user_id);
  `,
  `
  DROP TABLE results_share_misses;
  CREATE TABLE results_share_miss_counts (
    scope text NOT NULL,
    window_start timestamptz NOT NULL,
    misses integer NOT NULL,
    PRIMARY KEY (scope, window_start)
  );
  CREATE INDEX results_share_miss_counts_by_window ON results_share_miss_counts (window_start);
  `,
  `
  CREATE TABLE results_share_deliveries (
    id bigserial PRIMARY KEY,
    share_id uuid NOT NULL REFERENCES results_shares (id) ON DELETE CASCADE,
    what text NOT NULL CHECK (what IN ('page', 'pdf')),
    at timestamptz NOT NULL
  );
  CREATE INDEX results_share_deliveries_by_share ON results_share_deliveries (share_id);
  `,
];
