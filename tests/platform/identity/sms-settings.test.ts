import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { loadConfigFromEnv } from "../../../platform/identity/config.ts";
import { smsSettingsFrom } from "../../../platform/identity/phone/sms-settings.ts";

/** An auth token as the provider issues them: 32 hexadecimal characters. */
const TOKEN = randomBytes(16).toString("hex");
const SID = `AC${randomBytes(16).toString("hex")}`;
const twilio = {
  SMS_TRANSPORT: "twilio",
  TWILIO_ACCOUNT_SID: SID,
  TWILIO_AUTH_TOKEN: TOKEN,
  TWILIO_MESSAGING_SERVICE_SID: `MG${randomBytes(16).toString("hex")}`,
  TWILIO_VOICE_FROM_NUMBER: "+15017122661",
};
const secrets = {
  PORTAL_CLIENT_SECRET: randomBytes(32).toString("base64url"),
  IDENTITY_COOKIE_KEYS: randomBytes(32).toString("base64url"),
  IDENTITY_FACTOR_KEY: randomBytes(32).toString("base64url"),
  MAIL_TRANSPORT: "outbox-only",
};

describe("text and call settings", () => {
  it("keeps texts and calls in the development outbox when nothing is configured", () => {
    expect(smsSettingsFrom("development", {})).toEqual({ settings: null, problems: [] });
    expect(loadConfigFromEnv({}).sms).toBeUndefined();
  });

  it("reads the Twilio settings, with the provider's API by default and a regional edge or test server when told", () => {
    const { settings, problems } = smsSettingsFrom("production", twilio);
    expect(problems).toEqual([]);
    expect(settings).toEqual({
      twilio: {
        accountSid: SID,
        authToken: TOKEN,
        messagingServiceSid: twilio.TWILIO_MESSAGING_SERVICE_SID,
        voiceFromNumber: "+15017122661",
        apiUrl: "https://api.twilio.com",
      },
      maxAttempts: 6,
    });
    expect(smsSettingsFrom("production", { ...twilio, TWILIO_API_URL: "https://api.dublin.ie1.twilio.com" }).settings?.twilio.apiUrl).toBe(
      "https://api.dublin.ie1.twilio.com",
    );
    expect(smsSettingsFrom("production", { ...twilio, TWILIO_API_URL: "http://127.0.0.1:4010" }).settings?.twilio.apiUrl).toBe(
      "http://127.0.0.1:4010",
    );
    // A From number alone serves texts and calls.
    const fromOnly = smsSettingsFrom("production", {
      ...twilio,
      TWILIO_MESSAGING_SERVICE_SID: "",
      TWILIO_VOICE_FROM_NUMBER: "",
      TWILIO_FROM_NUMBER: "+15005550006",
    });
    expect(fromOnly.problems).toEqual([]);
    expect(fromOnly.settings?.twilio).toMatchObject({ fromNumber: "+15005550006", voiceFromNumber: "+15005550006" });
  });

  it.each(["staging", "regulated-test", "production"] as const)(
    "refuses to start in %s with neither Twilio nor SMS_TRANSPORT=outbox-only",
    (environment) => {
      const { problems } = smsSettingsFrom(environment, {});
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/texts and calls are not configured: set SMS_TRANSPORT=twilio .* or SMS_TRANSPORT=outbox-only/);
      expect(smsSettingsFrom(environment, { SMS_TRANSPORT: "outbox-only" })).toEqual({ settings: null, problems: [] });
    },
  );

  it.each([
    ["an unknown transport", { SMS_TRANSPORT: "carrier-pigeon" }, /SMS_TRANSPORT must be one of twilio, outbox-only/],
    ["no account SID", { ...twilio, TWILIO_ACCOUNT_SID: "" }, /needs TWILIO_ACCOUNT_SID/],
    ["a malformed account SID", { ...twilio, TWILIO_ACCOUNT_SID: "SK123" }, /TWILIO_ACCOUNT_SID must be AC followed by 32 hexadecimal/],
    ["no auth token", { ...twilio, TWILIO_AUTH_TOKEN: "" }, /needs TWILIO_AUTH_TOKEN/],
    ["a short auth token", { ...twilio, TWILIO_AUTH_TOKEN: "abc123" }, /TWILIO_AUTH_TOKEN is shorter than 32 characters/],
    [
      "a made-up auth token",
      { ...twilio, TWILIO_AUTH_TOKEN: "my-twilio-auth-token-my-twilio-auth" },
      /TWILIO_AUTH_TOKEN (repeats|does not look random)/,
    ],
    ["no sender", { ...twilio, TWILIO_MESSAGING_SERVICE_SID: "" }, /TWILIO_MESSAGING_SERVICE_SID or TWILIO_FROM_NUMBER/],
    ["a malformed Messaging Service", { ...twilio, TWILIO_MESSAGING_SERVICE_SID: "MG1" }, /TWILIO_MESSAGING_SERVICE_SID must be MG/],
    [
      "a From number not in E.164",
      { ...twilio, TWILIO_FROM_NUMBER: "(501) 712-2661" },
      /TWILIO_FROM_NUMBER must be a phone number in E\.164/,
    ],
    ["no voice number", { ...twilio, TWILIO_VOICE_FROM_NUMBER: "" }, /needs TWILIO_VOICE_FROM_NUMBER/],
    ["an API URL that is not one", { ...twilio, TWILIO_API_URL: "api.twilio.com" }, /TWILIO_API_URL must be a URL/],
    ["plain HTTP to another machine", { ...twilio, TWILIO_API_URL: "http://api.twilio.com" }, /TWILIO_API_URL must use https:\/\//],
    ["an API URL with a path", { ...twilio, TWILIO_API_URL: "https://api.twilio.com/2010-04-01" }, /origin only/],
    ["attempts out of range", { ...twilio, SMS_MAX_ATTEMPTS: "0" }, /SMS_MAX_ATTEMPTS/],
    ["Twilio settings beside outbox-only", { ...twilio, SMS_TRANSPORT: "outbox-only" }, /set but SMS_TRANSPORT=outbox-only: choose one/],
  ])("refuses %s, naming the setting and never the token", (_label, env: Record<string, string>, message) => {
    const { settings, problems } = smsSettingsFrom("production", env);
    expect(settings).toBeNull();
    expect(problems.join("\n")).toMatch(message);
    if (env.TWILIO_AUTH_TOKEN) expect(problems.join("\n")).not.toContain(env.TWILIO_AUTH_TOKEN);
  });

  it("the identity provider's start-up names the problem, and starts in production with both transports", () => {
    expect(() => loadConfigFromEnv({ ...secrets, PORTAL_ENVIRONMENT: "production" })).toThrow(/texts and calls are not configured/);
    expect(() => loadConfigFromEnv({ ...secrets, PORTAL_ENVIRONMENT: "production", ...twilio, TWILIO_AUTH_TOKEN: "weak" })).toThrow(
      /TWILIO_AUTH_TOKEN is shorter than 32 characters/,
    );
    const config = loadConfigFromEnv({ ...secrets, PORTAL_ENVIRONMENT: "production", ...twilio });
    expect(config.sms?.twilio.accountSid).toBe(SID);
    expect(loadConfigFromEnv({ ...secrets, PORTAL_ENVIRONMENT: "production", SMS_TRANSPORT: "outbox-only" }).sms).toBeUndefined();
  });
});
