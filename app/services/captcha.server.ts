import { env } from "./env.server";

/**
 * A proof-of-work challenge from the identity provider (SPEC.md §4 'Captcha is invisible'). The
 * browser solves it; the identity provider checks the solution. A captcha is never the only gate.
 */
export async function captchaChallenge(): Promise<unknown | null> {
  try {
    const response = await fetch(`${env.IDP_ISSUER.replace(/\/$/, "")}/api/captcha/challenge`, {
      headers: { Accept: "application/json" },
      signal: AbortSignal.timeout(env.ACCOUNT_API_TIMEOUT_MS),
    });
    return response.ok ? await response.json() : null;
  } catch {
    return null;
  }
}
