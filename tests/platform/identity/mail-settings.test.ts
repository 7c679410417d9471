import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { loadConfigFromEnv } from "../../../platform/identity/config.ts";
import { mailSettingsFrom } from "../../../platform/identity/mail/mail-settings.ts";

const PASSWORD = "Sm7p-pa55word-not-for-logs";
const secrets = {
  PORTAL_CLIENT_SECRET: randomBytes(32).toString("base64url"),
  IDENTITY_COOKIE_KEYS: randomBytes(32).toString("base64url"),
  IDENTITY_FACTOR_KEY: randomBytes(32).toString("base64url"),
  SMS_TRANSPORT: "outbox-only",
};

describe("e-mail settings", () => {
  it("keeps e-mails in the development outbox when nothing is configured", () => {
    expect(mailSettingsFrom("development", {})).toEqual({ settings: null, problems: [] });
    expect(loadConfigFromEnv({}).mail).toBeUndefined();
  });

  it("reads SMTP_URL and MAIL_FROM", () => {
    const { settings, problems } = mailSettingsFrom("production", {
      SMTP_URL: `smtp://mailer%40example.org:${encodeURIComponent(PASSWORD)}@smtp.example.org:2525`,
      MAIL_FROM: '"DNA Discovery Program" <no-reply@example.org>',
      MAIL_MAX_ATTEMPTS: "5",
    });
    expect(problems).toEqual([]);
    expect(settings).toEqual({
      smtp: { host: "smtp.example.org", port: 2525, secure: false, user: "mailer@example.org", pass: PASSWORD },
      from: '"DNA Discovery Program" <no-reply@example.org>',
      maxAttempts: 5,
    });
    expect(mailSettingsFrom("production", { SMTP_URL: "smtps://smtp.example.org", MAIL_FROM: "a@example.org" }).settings?.smtp).toEqual({
      host: "smtp.example.org",
      port: 465,
      secure: true,
    });
  });

  it.each(["staging", "regulated-test", "production"] as const)(
    "refuses to start in %s with neither SMTP nor MAIL_TRANSPORT=outbox-only",
    (environment) => {
      const { problems } = mailSettingsFrom(environment, {});
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/e-mail is not configured: set SMTP_URL .* or MAIL_TRANSPORT=outbox-only/);
      expect(mailSettingsFrom(environment, { MAIL_TRANSPORT: "outbox-only" })).toEqual({ settings: null, problems: [] });
    },
  );

  it("the identity provider's start-up names the problem", () => {
    expect(() => loadConfigFromEnv({ ...secrets, PORTAL_ENVIRONMENT: "production" })).toThrow(/SMTP_URL/);
    expect(loadConfigFromEnv({ ...secrets, PORTAL_ENVIRONMENT: "production", MAIL_TRANSPORT: "outbox-only" }).mail).toBeUndefined();
    expect(
      loadConfigFromEnv({
        ...secrets,
        PORTAL_ENVIRONMENT: "production",
        SMTP_URL: "smtp://smtp.example.org",
        MAIL_FROM: "no-reply@example.org",
      }).mail?.from,
    ).toBe("no-reply@example.org");
  });

  it.each([
    [
      "a URL that is not SMTP",
      { SMTP_URL: `https://user:${PASSWORD}@smtp.example.org`, MAIL_FROM: "a@example.org" },
      /SMTP_URL must look like/,
    ],
    ["no MAIL_FROM", { SMTP_URL: `smtp://user:${PASSWORD}@smtp.example.org` }, /MAIL_FROM is required/],
    ["a MAIL_FROM that is no address", { SMTP_URL: `smtp://user:${PASSWORD}@smtp.example.org`, MAIL_FROM: "Program" }, /MAIL_FROM must be/],
    ["both SMTP and outbox-only", { SMTP_URL: `smtp://user:${PASSWORD}@smtp.example.org`, MAIL_TRANSPORT: "outbox-only" }, /choose one/],
    ["an unknown transport", { MAIL_TRANSPORT: "carrier-pigeon" }, /MAIL_TRANSPORT must be one of smtp, outbox-only/],
    ["attempts out of range", { MAIL_TRANSPORT: "outbox-only", MAIL_MAX_ATTEMPTS: "0" }, /MAIL_MAX_ATTEMPTS/],
  ])("refuses %s, without repeating the password", (_label, env, message) => {
    const { settings, problems } = mailSettingsFrom("development", env);
    expect(settings).toBeNull();
    expect(problems.join("\n")).toMatch(message);
    expect(problems.join("\n")).not.toContain(PASSWORD);
    expect(() => loadConfigFromEnv(env)).toThrow(message);
  });
});
