/**
 * Where the stack under test listens (playwright.config.ts starts it): ports of its own, away from
 * `npm start`'s 3000-3002, so the suite runs beside a developer's stack; E2E_PORT_BASE moves them.
 */
export const portBase = Number(process.env.E2E_PORT_BASE ?? 3300);
export const portalUrl = `http://localhost:${portBase}`;
export const identityUrl = `http://localhost:${portBase + 1}`;
export const resultsUrl = `http://localhost:${portBase + 2}`;

/**
 * The local Twilio API the stack's identity service sends texts and calls to (tests/support/twilio-api.ts),
 * with the test-only credentials both sides are given.
 */
export const twilioUrl = `http://127.0.0.1:${portBase + 9}`;
export const twilioTestAccount = {
  accountSid: "AC0e2e0e2e0e2e0e2e0e2e0e2e0e2e0e2e",
  authToken: "9f3c1a7be24d6058c1f9a3e7b5d20c64",
  fromNumber: "+15005550006",
} as const;
