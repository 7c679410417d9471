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
 * Every share of a report with a clinician, every time it is opened, revoked or locked, is e-mailed
 * to the participant's own address. The results service records those events (a clinician opens a
 * share with no participant signed in); this sender takes them, e-mails each and says so.
 */

const NoticesSchema = z.object({
  notices: z.array(
    z.object({
      id: z.string(),
      shareId: z.string(),
      userId: z.string(),
      kind: z.enum(["created", "viewed", "revoked", "locked"]),
      device: z.string().nullable(),
      at: z.string(),
      recipient: z.string(),
      language: z.enum(["en", "es"]),
    }),
  ),
});

export interface ShareNoticeDeps {
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

/** A short token only the results service's notice calls take (its own audience and type). */
async function callerToken(deps: ShareNoticeDeps): Promise<string> {
  const key = await importJWK(deps.keys.current, "RS256");
  return new SignJWT({})
    .setProtectedHeader({ alg: "RS256", kid: deps.keys.current.kid, typ: "share-notices+jwt" })
    .setIssuer(deps.issuer)
    .setSubject("identity-provider")
    .setAudience(`${deps.resultsApiAudience.replace(/\/$/, "")}/share-notices`)
    .setIssuedAt()
    .setExpirationTime("60s")
    .sign(key);
}

const DEVICE_KINDS = ["phone", "tablet", "computer"] as const;

/** 'a computer (Chrome)' from the results service's 'computer · Chrome', the kind in the e-mail's language. */
function deviceWords(t: ReturnType<typeof translator>, device: string | null): string {
  const [kind = "", browser] = (device ?? "").split(" · ");
  const known = DEVICE_KINDS.find((candidate) => candidate === kind);
  const words = known ? t(`email.share.device.${known}`) : kind;
  return browser ? `${words} (${browser})` : words;
}

/** Sends what is waiting once; answers how many e-mails were written (a notice e-mailed before is not counted again). */
export async function sendShareNotices(deps: ShareNoticeDeps): Promise<number> {
  const base = `${deps.resultsApiUrl.replace(/\/$/, "")}/share-notices`;
  const claimed = await serviceFetch(`${base}/claim`, {
    method: "POST",
    headers: { authorization: `Bearer ${await callerToken(deps)}` },
    signal: AbortSignal.timeout(5000),
  });
  if (!claimed.ok) throw new Error(`share notices: the results service answered ${claimed.status}`);
  const { notices } = NoticesSchema.parse(await claimed.json());
  if (notices.length === 0) return 0;
  const portal = deps.portalUrl.replace(/\/$/, "");
  let written = 0;
  for (const notice of notices) {
    const account = await deps.accounts.findById(notice.userId);
    // An account deleted meanwhile has no address any more: nothing to send.
    if (!account) continue;
    const t = translator(notice.language as Locale);
    const values = { recipient: notice.recipient, device: deviceWords(t, notice.device) };
    // The event's own id names the e-mail: a notice taken again (its acknowledgement lost, or a second
    // instance after the hold ran out) finds its e-mail written already and writes nothing.
    const fresh = await deps.outbox.deliver({
      channel: "email",
      to: account.email,
      subject: t(`email.share.${notice.kind}Subject`, values),
      body: t(`email.share.${notice.kind}Body`, values),
      link: `${portal}/shares/${encodeURIComponent(notice.shareId)}`,
      locale: notice.language,
      dedupeKey: `share-event:${notice.id}`,
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
  if (!acked.ok) throw new Error(`share notices: the results service answered ${acked.status} to the acknowledgement`);
  return written;
}

/** Asks every `intervalMs`; a results service that does not answer is asked again at the next turn. */
export function startShareNoticeSender(deps: ShareNoticeDeps): { stop(): Promise<void> } {
  const stop = repeatEvery(
    deps.intervalMs,
    () => sendShareNotices(deps),
    (error) => deps.logger.warn({ err: { message: error.message } }, "share notices not sent"),
  );
  return { stop };
}
