import { env } from "./env.server";
import { callUpstream } from "./upstream.server";

/**
 * A proof-of-work challenge from the identity provider (SPEC.md §4 'Captcha is invisible'). The
 * browser solves it; the identity provider checks the solution. A captcha is never the only gate.
 */
export async function captchaChallenge(requestId?: string): Promise<unknown | null> {
  const reply = await callUpstream({
    upstream: "identity",
    url: `${env.IDP_ISSUER.replace(/\/$/, "")}/api/captcha/challenge`,
    timeoutMs: env.ACCOUNT_API_TIMEOUT_MS,
    requestId,
  });
  return reply.answered && reply.ok ? reply.body : null;
}
