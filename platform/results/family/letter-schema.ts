/** Family letters after an FH result, each with the relative code it carries: append new scripts, never edit released ones. */
export const familyLetterMigrations: readonly string[] = [
  `
  CREATE TABLE results_family_letters (
    id uuid PRIMARY KEY,
    user_id text NOT NULL REFERENCES results_patients (user_id) ON DELETE CASCADE,
    app_id text NOT NULL,
    code_hash text NOT NULL UNIQUE,
    code_sealed text NOT NULL,
    created_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL,
    ended_at timestamptz,
    uses integer NOT NULL DEFAULT 0
  );
  CREATE INDEX results_family_letters_by_participant ON results_family_letters (user_id, created_at DESC);
  `,
];
