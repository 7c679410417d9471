import { importJWK, SignJWT } from "jose";
import type { Logger } from "pino";
import * as z from "zod";
import { serviceFetch } from "../../../lib/http/service-fetch.ts";
import { repeatEvery } from "../../../lib/scheduling/repeat-every.ts";
import type { SigningKeys } from "../oidc/signing-keys.ts";
import { type Locale, translator } from "../pages/i18n.ts";
import type { AccountStore } from "../store/accounts.ts";
import type { Outbox } from "../store/outbox.ts";

/**
 * Every request to talk to a genetic counsellor is acknowledged by e-mail to the participant's own
 * address. The results service keeps the requests (and hands them to the counselling team); this
 * sender takes the ones not yet acknowledged, e-mails each once and says so. The e-mail names no
 * report and no result: only that a request was received, and a link to sign in.
 */

const NoticesSchema = z.object({
  notices: z.array(z.object({ id: z.string(), userId: z.string(), language: z.enum(["en", "es"]), at: z.string() })),
});

export interface CounsellingNoticeDeps {
  resultsApiUrl: string;
  resultsApiAudience: string;
  issuer: string;
  keys: SigningKeys;
  accounts: AccountStore;
  outbox: Outbox;
  portalUrl: string;
  logger: Logger;
  intervalMs: number;
}

/** A short token only the results service's counselling-notice calls take (their own audience and type). */
async function callerToken(deps: CounsellingNoticeDeps): Promise<string> {
  const key = await importJWK(deps.keys.current, "RS256");
  return new SignJWT({})
    .setProtectedHeader({ alg: "RS256", kid: deps.keys.current.kid, typ: "counselling-notices+jwt" })
    .setIssuer(deps.issuer)
    .setSubject("identity-provider")
    .setAudience(`${deps.resultsApiAudience.replace(/\/$/, "")}/counselling-notices`)
    .setIssuedAt()
    .setExpirationTime("60s")
    .sign(key);
}

/** Sends what is waiting once; answers how many e-mails were written (one written before is not counted again). */
export async function sendCounsellingNotices(deps: CounsellingNoticeDeps): Promise<number> {
  const base = `${deps.resultsApiUrl.replace(/\/$/, "")}/counselling-notices`;
  const claimed = await serviceFetch(`${base}/claim`, {
    method: "POST",
    headers: { authorization: `Bearer ${await callerToken(deps)}` },
    signal: AbortSignal.timeout(5000),
  });
  if (!claimed.ok) throw new Error(`counselling notices: the results service answered ${claimed.status}`);
  const { notices } = NoticesSchema.parse(await claimed.json());
  if (notices.length === 0) return 0;
  const portal = deps.portalUrl.replace(/\/$/, "");
  let written = 0;
  for (const notice of notices) {
    const account = await deps.accounts.findById(notice.userId);
    if (!account) continue;
    const t = translator(notice.language as Locale);
    // The request's own id names the e-mail: taken again (its acknowledgement lost), it writes nothing.
    const fresh = await deps.outbox.deliver({
      channel: "email",
      to: account.email,
      subject: t("email.counselling.receivedSubject"),
      body: t("email.counselling.receivedBody"),
      link: `${portal}/counselling`,
      locale: notice.language,
      dedupeKey: `counselling-request:${notice.id}`,
      purpose: "notice",
    });
    if (fresh !== false) written++;
  }
  const acked = await serviceFetch(`${base}/ack`, {
    method: "POST",
    headers: { authorization: `Bearer ${await callerToken(deps)}`, "content-type": "application/json" },
    body: JSON.stringify({ ids: notices.map((notice) => notice.id) }),
    signal: AbortSignal.timeout(5000),
  });
  if (!acked.ok) throw new Error(`counselling notices: the results service answered ${acked.status} to the acknowledgement`);
  return written;
}

/** Asks every `intervalMs`; a results service that does not answer is asked again at the next turn. */
export function startCounsellingNoticeSender(deps: CounsellingNoticeDeps): { stop(): Promise<void> } {
  const stop = repeatEvery(
    deps.intervalMs,
    () => sendCounsellingNotices(deps),
    (error) => deps.logger.warn({ err: { message: error.message } }, "counselling notices not sent"),
  );
  return { stop };
}
