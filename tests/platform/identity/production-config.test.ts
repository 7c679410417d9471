import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { loadConfigFromEnv } from "../../../platform/identity/config.ts";

/**
 * The identity service is the one the portal ships with: in production it starts on strong secrets,
 * an e-mail transport and a text and call transport alone, with no word that it is meant to, and its
 * development doors and demo data stay shut.
 */
const strong = () => randomBytes(32).toString("base64url");
const production = () => ({
  PORTAL_ENVIRONMENT: "production",
  PORTAL_CLIENT_SECRET: strong(),
  IDENTITY_COOKIE_KEYS: strong(),
  IDENTITY_FACTOR_KEY: strong(),
  SMTP_URL: "smtps://mailer:not-logged@smtp.example.org",
  MAIL_FROM: "no-reply@example.org",
  SMS_TRANSPORT: "twilio",
  TWILIO_ACCOUNT_SID: `AC${randomBytes(16).toString("hex")}`,
  TWILIO_AUTH_TOKEN: randomBytes(16).toString("hex"),
  TWILIO_FROM_NUMBER: "+15017122661",
});

describe("the identity service in production", () => {
  it("starts with strong secrets, an e-mail transport and a text and call transport, and no other setting", () => {
    const config = loadConfigFromEnv(production());
    expect(config.production).toBe(true);
    expect(config.mail?.smtp.host).toBe("smtp.example.org");
    expect(config.sms?.twilio.fromNumber).toBe("+15017122661");
    expect(config.demoParticipantsFile).toBeUndefined();
    expect(config.resultsLinkAdminToken).toBeUndefined();
  });

  it("a production PORTAL_URL is production too", () => {
    const { PORTAL_ENVIRONMENT: _named, ...byHost } = production();
    expect(loadConfigFromEnv({ ...byHost, PORTAL_URL: "https://portal.example.org" }).production).toBe(true);
  });

  it("still refuses a missing transport and a missing secret, naming each", () => {
    const { SMTP_URL: _smtp, MAIL_FROM: _from, SMS_TRANSPORT: _sms, IDENTITY_FACTOR_KEY: _key, ...missing } = production();
    const refusal = () => loadConfigFromEnv(missing);
    expect(refusal).toThrow(/e-mail is not configured/);
    expect(refusal).toThrow(/texts and calls are not configured/);
    expect(refusal).toThrow(/IDENTITY_FACTOR_KEY is required outside development/);
  });
});
