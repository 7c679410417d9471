/** Kits the program sends out, known by barcode before anyone registers one: append new scripts, never edit released ones. */
export const kitMigrations: readonly string[] = [
  `
  CREATE TABLE results_kits (
    barcode text PRIMARY KEY CHECK (barcode ~ '^[0-9]{12}$'),
    source_id text NOT NULL,
    is_health_or_research boolean NOT NULL,
    issued_at timestamptz NOT NULL,
    user_id text REFERENCES results_patients (user_id) ON DELETE SET NULL,
    registered_at timestamptz,
    collected_on date,
    registration bigint,
    CHECK ((user_id IS NULL) = (registered_at IS NULL))
  );
  CREATE SEQUENCE results_kit_registrations;
  CREATE INDEX results_kits_by_participant ON results_kits (user_id, registration DESC) WHERE user_id IS NOT NULL;
  `,
];
