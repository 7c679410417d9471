/** Schema of the identity provider. Append new scripts; never edit released ones. */
export const IDENTITY_SERVICE = "identity";

export const identityMigrations: readonly string[] = [
  `
  CREATE TABLE idp_accounts (
    id text PRIMARY KEY,
    email text NOT NULL UNIQUE,
    email_verified boolean NOT NULL DEFAULT false,
    password_hash text NOT NULL,
    phone text,
    phone_methods text[] NOT NULL DEFAULT '{}',
    first_name text NOT NULL,
    middle_name text,
    last_name text NOT NULL,
    locale text NOT NULL DEFAULT 'en',
    created_at timestamptz NOT NULL DEFAULT now(),
    password_changed_at timestamptz NOT NULL DEFAULT now()
  );

  CREATE TABLE idp_oidc_payloads (
    id text NOT NULL,
    type text NOT NULL,
    payload jsonb NOT NULL,
    grant_id text,
    user_code text,
    uid text,
    expires_at timestamptz,
    consumed_at timestamptz,
    PRIMARY KEY (id, type)
  );
  CREATE INDEX idp_oidc_payloads_grant_id ON idp_oidc_payloads (grant_id);
  CREATE INDEX idp_oidc_payloads_uid ON idp_oidc_payloads (uid);
  CREATE INDEX idp_oidc_payloads_user_code ON idp_oidc_payloads (user_code);

  CREATE TABLE idp_secrets (
    name text PRIMARY KEY,
    value jsonb NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  );

  CREATE TABLE idp_outbox (
    id bigserial PRIMARY KEY,
    channel text NOT NULL,
    destination text NOT NULL,
    code text,
    link text,
    purpose text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  );

  CREATE TABLE idp_verifications (
    flow_key text PRIMARY KEY,
    purpose text NOT NULL,
    channel text NOT NULL,
    destination text NOT NULL,
    code_hash text NOT NULL,
    failed_attempts integer NOT NULL DEFAULT 0,
    sent_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL,
    verified_at timestamptz
  );

  CREATE TABLE idp_sign_in_states (
    interaction_uid text PRIMARY KEY,
    account_id text NOT NULL,
    remember boolean NOT NULL DEFAULT false,
    step text NOT NULL,
    method text,
    pending_phone text,
    expires_at timestamptz NOT NULL
  );

  CREATE TABLE idp_password_updates (
    account_id text PRIMARY KEY,
    step text NOT NULL,
    method text,
    expires_at timestamptz NOT NULL
  );

  CREATE TABLE idp_throttle_events (
    id bigserial PRIMARY KEY,
    bucket text NOT NULL,
    occurred_at timestamptz NOT NULL
  );
  CREATE INDEX idp_throttle_events_bucket ON idp_throttle_events (bucket, occurred_at);

  CREATE TABLE idp_used_captchas (
    token_hash text PRIMARY KEY,
    expires_at timestamptz NOT NULL
  );
  `,
  `
  CREATE TABLE idp_account_flows (
    interaction_uid text PRIMARY KEY,
    kind text NOT NULL,
    step text NOT NULL,
    email text NOT NULL,
    account_id text,
    method text,
    data jsonb NOT NULL DEFAULT '{}',
    expires_at timestamptz NOT NULL
  );

  ALTER TABLE idp_outbox ADD COLUMN subject text;
  `,
  `
  ALTER TABLE idp_password_updates ADD COLUMN attempt_id text;
  `,
  `
  CREATE TABLE idp_totp_factors (
    account_id text PRIMARY KEY REFERENCES idp_accounts (id) ON DELETE CASCADE,
    secret_sealed text NOT NULL,
    confirmed_at timestamptz,
    last_step bigint NOT NULL DEFAULT 0,
    created_at timestamptz NOT NULL
  );
  CREATE TABLE idp_recovery_codes (
    account_id text NOT NULL REFERENCES idp_accounts (id) ON DELETE CASCADE,
    code_hash text NOT NULL,
    used_at timestamptz,
    created_at timestamptz NOT NULL,
    PRIMARY KEY (account_id, code_hash)
  );
  CREATE TABLE idp_factor_events (
    id serial PRIMARY KEY,
    account_id text NOT NULL REFERENCES idp_accounts (id) ON DELETE CASCADE,
    kind text NOT NULL,
    device text NOT NULL,
    at timestamptz NOT NULL
  );
  CREATE INDEX idp_factor_events_by_account ON idp_factor_events (account_id, at DESC);
  CREATE TABLE idp_fresh_verifications (
    account_id text PRIMARY KEY REFERENCES idp_accounts (id) ON DELETE CASCADE,
    verified_at timestamptz NOT NULL
  );
  ALTER TABLE idp_accounts ADD COLUMN last_factor text;
  `,
  `
  CREATE TABLE idp_passkeys (
    credential_id text PRIMARY KEY,
    account_id text NOT NULL REFERENCES idp_accounts (id) ON DELETE CASCADE,
    public_key text NOT NULL,
    counter bigint NOT NULL DEFAULT 0,
    transports text[] NOT NULL DEFAULT '{}',
    name text NOT NULL,
    created_at timestamptz NOT NULL,
    last_used_at timestamptz
  );
  CREATE INDEX idp_passkeys_by_account ON idp_passkeys (account_id);
  CREATE TABLE idp_webauthn_challenges (
    key text PRIMARY KEY,
    challenge text NOT NULL,
    expires_at timestamptz NOT NULL
  );
  `,
  `
  ALTER TABLE idp_outbox ADD COLUMN body text;
  `,
  `
  CREATE TABLE idp_password_failures (
    email text PRIMARY KEY,
    failures integer NOT NULL,
    last_failed_at timestamptz NOT NULL
  );
  `,
  `
  DROP TABLE idp_fresh_verifications;
  CREATE TABLE idp_passed_verifications (
    account_id text NOT NULL REFERENCES idp_accounts (id) ON DELETE CASCADE,
    grant_id text NOT NULL,
    purpose text NOT NULL,
    method text NOT NULL,
    verified_at timestamptz NOT NULL,
    PRIMARY KEY (account_id, grant_id, purpose)
  );
  `,
  `
  CREATE TABLE idp_notification_preferences (
    account_id text PRIMARY KEY REFERENCES idp_accounts (id) ON DELETE CASCADE,
    email_enabled boolean NOT NULL,
    steps integer[] NOT NULL,
    updated_at timestamptz NOT NULL
  );
  CREATE TABLE idp_kit_step_notices (
    change_key text PRIMARY KEY,
    account_id text NOT NULL,
    step integer NOT NULL,
    outcome text NOT NULL CHECK (outcome IN ('sent', 'off', 'no-account')),
    decided_at timestamptz NOT NULL
  );
  CREATE TABLE idp_kit_step_cursor (
    name text PRIMARY KEY,
    last_change bigint NOT NULL
  );
  ALTER TABLE idp_outbox ADD COLUMN headers jsonb;
  `,
  `
  CREATE TABLE idp_phone_changes (
    id bigserial PRIMARY KEY,
    account_id text NOT NULL REFERENCES idp_accounts (id) ON DELETE CASCADE,
    new_phone text NOT NULL,
    device text NOT NULL,
    requested_at timestamptz NOT NULL,
    effective_at timestamptz NOT NULL,
    status text NOT NULL CHECK (status IN ('pending', 'applied', 'cancelled')),
    decided_at timestamptz,
    end_noticed_at timestamptz
  );
  CREATE UNIQUE INDEX idp_phone_changes_one_pending ON idp_phone_changes (account_id) WHERE status = 'pending';
  CREATE INDEX idp_phone_changes_due ON idp_phone_changes (effective_at) WHERE status = 'pending';
  `,
  `
  ALTER TABLE idp_outbox ADD COLUMN locale text;
  ALTER TABLE idp_outbox ADD COLUMN message_uuid uuid NOT NULL DEFAULT gen_random_uuid();
  ALTER TABLE idp_outbox ADD COLUMN dedupe_key text UNIQUE;
  ALTER TABLE idp_outbox ADD COLUMN delivery_attempts integer NOT NULL DEFAULT 0;
  ALTER TABLE idp_outbox ADD COLUMN next_attempt_at timestamptz;
  ALTER TABLE idp_outbox ADD COLUMN lease_until timestamptz;
  ALTER TABLE idp_outbox ADD COLUMN sent_at timestamptz;
  ALTER TABLE idp_outbox ADD COLUMN failed_at timestamptz;
  ALTER TABLE idp_outbox ADD COLUMN last_error text;
  CREATE INDEX idp_outbox_email_due ON idp_outbox (id) WHERE channel = 'email' AND sent_at IS NULL AND failed_at IS NULL;
  `,
  `
  ALTER TABLE idp_outbox ADD COLUMN flow_key text;
  ALTER TABLE idp_outbox ADD COLUMN provider_id text;
  ALTER TABLE idp_outbox ADD COLUMN provider_status text;
  ALTER TABLE idp_outbox ADD COLUMN provider_error text;
  ALTER TABLE idp_outbox ADD COLUMN provider_status_at timestamptz;
  ALTER TABLE idp_outbox ADD COLUMN refusal text;
  CREATE INDEX idp_outbox_flow ON idp_outbox (flow_key, id) WHERE flow_key IS NOT NULL;
  CREATE INDEX idp_outbox_phone_due ON idp_outbox (id) WHERE channel IN ('sms', 'voice') AND sent_at IS NULL AND failed_at IS NULL;
  CREATE UNIQUE INDEX idp_outbox_message_uuid ON idp_outbox (message_uuid);
  `,
  `
  ALTER TABLE idp_oidc_payloads ADD COLUMN session_grant_ids text[];
  CREATE INDEX idp_oidc_payloads_session_grant_ids ON idp_oidc_payloads USING gin (session_grant_ids);
  `,
  `
  CREATE TABLE idp_sign_in_languages (
    account_id text PRIMARY KEY REFERENCES idp_accounts (id) ON DELETE CASCADE,
    locale text NOT NULL,
    expires_at timestamptz NOT NULL
  );
  `,
  `
  ALTER TABLE idp_password_failures ADD COLUMN scope text NOT NULL DEFAULT 'new';
  ALTER TABLE idp_password_failures DROP CONSTRAINT idp_password_failures_pkey;
  ALTER TABLE idp_password_failures ADD PRIMARY KEY (email, scope);
  `,
  `
  CREATE INDEX idp_oidc_payloads_expires_at ON idp_oidc_payloads (expires_at) WHERE expires_at IS NOT NULL;
  CREATE TABLE idp_request_counts (
    bucket text NOT NULL,
    window_start timestamptz NOT NULL,
    requests integer NOT NULL,
    PRIMARY KEY (bucket, window_start)
  );
  CREATE INDEX idp_request_counts_by_window ON idp_request_counts (window_start);
  `,
  `
  ALTER TABLE idp_accounts ADD COLUMN registered_at timestamptz;
  `,
  `
  ALTER TABLE idp_notification_preferences ADD COLUMN research_channel text NOT NULL DEFAULT 'none'
    CHECK (research_channel IN ('email', 'none'));
  ALTER TABLE idp_notification_preferences ADD COLUMN research_frequency text NOT NULL DEFAULT 'monthly'
    CHECK (research_frequency IN ('as-they-happen', 'monthly', 'quarterly'));
  ALTER TABLE idp_notification_preferences ADD COLUMN research_withdrawn_at timestamptz;
  CREATE TABLE idp_report_reissue_notices (
    notice_key text PRIMARY KEY,
    account_id text NOT NULL,
    app_id text NOT NULL,
    version integer NOT NULL,
    outcome text NOT NULL CHECK (outcome IN ('sent', 'off', 'no-account', 'not-health')),
    decided_at timestamptz NOT NULL
  );
  `,
];
