import { type DeploymentEnvironment, secretProblems } from "../../../lib/deployment/environment.ts";

/** Where texts and calls go: Twilio, or only the outbox (development, or an operator's own relay). */
const SMS_TRANSPORTS = ["twilio", "outbox-only"] as const;

/** The provider's REST API; a regional edge (https://api.dublin.ie1.twilio.com) or a test server otherwise. */
export const TWILIO_DEFAULT_API_URL = "https://api.twilio.com";
const DEFAULT_SMS_MAX_ATTEMPTS = 6;

export type SmsSettings = NonNullable<ReturnType<typeof smsSettingsFrom>["settings"]>;

const ACCOUNT_SID = /^AC[0-9a-fA-F]{32}$/;
const MESSAGING_SERVICE_SID = /^MG[0-9a-fA-F]{32}$/;
const E164 = /^\+[1-9]\d{7,14}$/;
const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/;

function apiUrlProblem(value: string, environment: DeploymentEnvironment): string | null {
  const url = URL.parse(value);
  if (!url) return "TWILIO_API_URL must be a URL such as https://api.twilio.com";
  if (url.username || url.password || url.search || url.hash || (url.pathname !== "/" && url.pathname !== ""))
    return "TWILIO_API_URL must be the API's origin only (https://host[:port]), without a path, query or credentials";
  if (url.protocol === "https:") return null;
  if (url.protocol === "http:" && (environment === "development" || LOOPBACK.test(url.hostname))) return null;
  return "TWILIO_API_URL must use https:// (http:// only for a server on this machine)";
}

/**
 * Reads SMS_TRANSPORT, SMS_MAX_ATTEMPTS and the TWILIO_* settings. Outside development texts and calls must be sent
 * (twilio) or meant to stay in the outbox (outbox-only): a deployment that silently sends no code is refused, as for
 * e-mail. Problems name the variable, never its value (the auth token is a secret).
 */
export function smsSettingsFrom(environment: DeploymentEnvironment, env: Readonly<Record<string, string | undefined>>) {
  const read = (name: string) => env[name]?.trim() || undefined;
  const transport = read("SMS_TRANSPORT");
  const twilioNames = [
    "TWILIO_ACCOUNT_SID",
    "TWILIO_AUTH_TOKEN",
    "TWILIO_MESSAGING_SERVICE_SID",
    "TWILIO_FROM_NUMBER",
    "TWILIO_VOICE_FROM_NUMBER",
    "TWILIO_API_URL",
  ];
  const problems: string[] = [];
  if (transport && !(SMS_TRANSPORTS as readonly string[]).includes(transport))
    problems.push(`SMS_TRANSPORT must be one of ${SMS_TRANSPORTS.join(", ")}`);
  const maxAttempts = read("SMS_MAX_ATTEMPTS") ? Number(read("SMS_MAX_ATTEMPTS")) : DEFAULT_SMS_MAX_ATTEMPTS;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1 || maxAttempts > 20)
    problems.push("SMS_MAX_ATTEMPTS must be a whole number from 1 to 20");

  if (transport === "outbox-only") {
    const stray = twilioNames.filter((name) => read(name));
    if (stray.length) problems.push(`${stray.join(", ")} set but SMS_TRANSPORT=outbox-only: choose one`);
    return { settings: null, problems };
  }
  if (transport !== "twilio") {
    if (!transport && environment !== "development")
      problems.push(
        "texts and calls are not configured: set SMS_TRANSPORT=twilio with TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_MESSAGING_SERVICE_SID or TWILIO_FROM_NUMBER and TWILIO_VOICE_FROM_NUMBER to send them, or SMS_TRANSPORT=outbox-only to keep them in the outbox for a relay of your own",
      );
    else if (!transport && twilioNames.some((name) => read(name)))
      problems.push("TWILIO_* settings are given without SMS_TRANSPORT=twilio: set it to send texts and calls through Twilio");
    return { settings: null, problems };
  }

  const accountSid = read("TWILIO_ACCOUNT_SID");
  const authToken = read("TWILIO_AUTH_TOKEN");
  const messagingServiceSid = read("TWILIO_MESSAGING_SERVICE_SID");
  const fromNumber = read("TWILIO_FROM_NUMBER");
  const voiceFromNumber = read("TWILIO_VOICE_FROM_NUMBER") ?? fromNumber;
  const apiUrl = read("TWILIO_API_URL") ?? TWILIO_DEFAULT_API_URL;

  if (!accountSid) problems.push("SMS_TRANSPORT=twilio needs TWILIO_ACCOUNT_SID (AC followed by 32 hexadecimal characters)");
  else if (!ACCOUNT_SID.test(accountSid)) problems.push("TWILIO_ACCOUNT_SID must be AC followed by 32 hexadecimal characters");
  if (!authToken) problems.push("SMS_TRANSPORT=twilio needs TWILIO_AUTH_TOKEN (the account's auth token)");
  else problems.push(...secretProblems(environment, { TWILIO_AUTH_TOKEN: authToken }));
  if (!messagingServiceSid && !fromNumber)
    problems.push("SMS_TRANSPORT=twilio needs TWILIO_MESSAGING_SERVICE_SID or TWILIO_FROM_NUMBER (where texts come from)");
  if (messagingServiceSid && !MESSAGING_SERVICE_SID.test(messagingServiceSid))
    problems.push("TWILIO_MESSAGING_SERVICE_SID must be MG followed by 32 hexadecimal characters");
  if (fromNumber && !E164.test(fromNumber)) problems.push("TWILIO_FROM_NUMBER must be a phone number in E.164 form, such as +15017122661");
  if (!voiceFromNumber) problems.push("SMS_TRANSPORT=twilio needs TWILIO_VOICE_FROM_NUMBER (the number calls come from)");
  else if (!E164.test(voiceFromNumber))
    problems.push("TWILIO_VOICE_FROM_NUMBER must be a phone number in E.164 form, such as +15017122661");
  const urlProblem = apiUrlProblem(apiUrl, environment);
  if (urlProblem) problems.push(urlProblem);
  if (problems.length || !accountSid || !authToken || !voiceFromNumber) return { settings: null, problems };
  return {
    settings: {
      twilio: {
        accountSid,
        authToken,
        ...(messagingServiceSid ? { messagingServiceSid } : {}),
        ...(fromNumber ? { fromNumber } : {}),
        voiceFromNumber,
        apiUrl: new URL(apiUrl).origin,
      },
      maxAttempts,
    },
    problems,
  };
}
