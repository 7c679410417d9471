/** Requests to talk to a genetic counsellor, beside the reports they are about: append new scripts, never edit released ones. */
export const counsellingMigrations: readonly string[] = [
  `
  CREATE TABLE results_counselling_requests (
    id uuid PRIMARY KEY,
    user_id text NOT NULL REFERENCES results_patients (user_id) ON DELETE CASCADE,
    app_id text NOT NULL,
    contact text NOT NULL CHECK (contact IN ('phone', 'video')),
    language text NOT NULL CHECK (language IN ('en', 'es')),
    time_zone text NOT NULL,
    windows jsonb NOT NULL,
    note text,
    locale text NOT NULL CHECK (locale IN ('en', 'es')),
    state text NOT NULL DEFAULT 'requested' CHECK (state IN ('requested', 'scheduled', 'done', 'cancelled')),
    scheduled_for timestamptz,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL,
    ack_lease_until timestamptz,
    acknowledged_at timestamptz
  );
  CREATE UNIQUE INDEX results_counselling_one_open_per_report
    ON results_counselling_requests (user_id, app_id) WHERE state IN ('requested', 'scheduled');
  CREATE INDEX results_counselling_by_participant ON results_counselling_requests (user_id, created_at DESC);
  CREATE INDEX results_counselling_queue ON results_counselling_requests (state, created_at);
  CREATE INDEX results_counselling_unacknowledged ON results_counselling_requests (created_at) WHERE acknowledged_at IS NULL;
  `,
];
