/** Migrations of the results service, applied in order; append new ones, never edit released ones. */
export const resultsMigrations: readonly string[] = [
  `
  CREATE TABLE results_patients (
    user_id text PRIMARY KEY,
    source_id text NOT NULL,
    email text NOT NULL,
    first_name text NOT NULL,
    middle_name text,
    last_name text NOT NULL,
    kit_status integer,
    is_health_or_research boolean NOT NULL,
    agreements jsonb NOT NULL DEFAULT '[]'::jsonb,
    heap_identifier text NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE TABLE results_apps (
    user_id text NOT NULL REFERENCES results_patients (user_id) ON DELETE CASCADE,
    app_id text NOT NULL,
    app_name text NOT NULL,
    label text,
    label_es text,
    type text,
    position integer NOT NULL,
    PRIMARY KEY (user_id, app_id)
  );
  CREATE TABLE results_settings (
    name text PRIMARY KEY,
    value text NOT NULL
  );
  CREATE TABLE results_faults (
    id serial PRIMARY KEY,
    user_id text,
    status integer,
    delay_ms integer NOT NULL DEFAULT 0,
    remaining integer NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  );
  `,
  `
  CREATE TABLE results_kit_events (
    user_id text NOT NULL REFERENCES results_patients (user_id) ON DELETE CASCADE,
    step integer NOT NULL CHECK (step BETWEEN 1 AND 5),
    reached_on date NOT NULL,
    PRIMARY KEY (user_id, step)
  );
  ALTER TABLE results_patients ADD COLUMN next_step_expected_by date;
  ALTER TABLE results_patients ADD COLUMN delay_reason text;
  `,
  `
  CREATE TABLE results_consents (
    user_id text NOT NULL REFERENCES results_patients (user_id) ON DELETE CASCADE,
    consent text NOT NULL,
    version text NOT NULL,
    given_on date NOT NULL,
    withdrawn_on date,
    PRIMARY KEY (user_id, consent, version)
  );
  `,
  `
  ALTER TABLE results_apps ADD COLUMN document_bytes bigint;
  CREATE TABLE results_exports (
    id uuid PRIMARY KEY,
    user_id text NOT NULL REFERENCES results_patients (user_id) ON DELETE CASCADE,
    language text NOT NULL,
    status text NOT NULL CHECK (status IN ('queued', 'building', 'ready', 'failed', 'expired')),
    files_total integer,
    files_done integer NOT NULL DEFAULT 0,
    size_bytes bigint,
    attempts integer NOT NULL DEFAULT 0,
    requested_at timestamptz NOT NULL,
    lease_until timestamptz,
    ready_at timestamptz,
    expires_at timestamptz
  );
  CREATE INDEX results_exports_by_participant ON results_exports (user_id, requested_at DESC);
  CREATE INDEX results_exports_waiting ON results_exports (requested_at) WHERE status IN ('queued', 'building');
  `,
  `
  CREATE TABLE results_withdrawals (
    reference text PRIMARY KEY,
    user_id text NOT NULL REFERENCES results_patients (user_id) ON DELETE CASCADE,
    choice text NOT NULL CHECK (choice IN ('stop-research', 'destroy-sample', 'delete-data')),
    status text NOT NULL DEFAULT 'received' CHECK (status IN ('received', 'in-progress', 'completed')),
    request_key text NOT NULL,
    verification_id text NOT NULL UNIQUE,
    requested_at timestamptz NOT NULL,
    UNIQUE (user_id, request_key)
  );
  `,
  `
  CREATE TABLE results_kit_step_changes (
    id bigserial PRIMARY KEY,
    user_id text NOT NULL REFERENCES results_patients (user_id) ON DELETE CASCADE,
    step integer NOT NULL CHECK (step BETWEEN 1 AND 5),
    changed_at timestamptz NOT NULL
  );
  `,
  `
  CREATE TABLE results_single_uses (
    id text PRIMARY KEY,
    used_at timestamptz NOT NULL
  );
  CREATE INDEX results_single_uses_by_time ON results_single_uses (used_at);
  `,
  `
  CREATE TABLE results_report_versions (
    user_id text NOT NULL,
    app_id text NOT NULL,
    version integer NOT NULL CHECK (version >= 1),
    issued_on date NOT NULL,
    change text,
    change_es text,
    PRIMARY KEY (user_id, app_id, version),
    FOREIGN KEY (user_id, app_id) REFERENCES results_apps (user_id, app_id) ON DELETE CASCADE
  );
  CREATE TABLE results_report_reissues (
    id bigserial PRIMARY KEY,
    user_id text NOT NULL REFERENCES results_patients (user_id) ON DELETE CASCADE,
    app_id text NOT NULL,
    app_name text NOT NULL,
    version integer NOT NULL,
    reissued_at timestamptz NOT NULL,
    UNIQUE (user_id, app_id, version)
  );
  `,
  `
  ALTER TABLE results_apps ADD COLUMN fh_finding jsonb;
  `,
];
