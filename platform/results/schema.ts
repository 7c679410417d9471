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
];
