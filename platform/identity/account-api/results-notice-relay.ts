import * as z from "zod";
import { serviceFetch } from "../../../lib/http/service-fetch.ts";
import { repeatEvery } from "../../../lib/scheduling/repeat-every.ts";
import { signServiceToken } from "../oidc/access-tokens.ts";
import { type Locale, translator } from "../pages/i18n.ts";
import type { AccountApiDeps } from "./deps.ts";

/**
 * The results service keeps facts the participant is told of by e-mail (a share's events, a
 * counselling request received). A relay claims the ones not yet told, writes each e-mail once into
 * the outbox (keyed by the fact's own id, so a claim taken again writes nothing) and acknowledges them.
 */
export type ResultsNoticeDeps = Pick<
  AccountApiDeps,
  "resultsApiAudience" | "issuer" | "keys" | "accounts" | "outbox" | "portalUrl" | "logger"
> & {
  resultsApiUrl: string;
  intervalMs: number;
};

type Notice = { id: string; userId: string; language: "en" | "es" };

export interface NoticeFeed<N extends Notice> {
  /** The results service's path, and its token's audience and type (`<name>+jwt`): e.g. `share-notices`. */
  name: string;
  /** One notice as the claim lists it. */
  schema: z.ZodType<N>;
  email(notice: N, t: ReturnType<typeof translator>, portal: string): { subject: string; body: string; link: string; dedupeKey: string };
}

/** Relays what is waiting once; answers how many e-mails were written (one written before is not counted again). */
export async function relayNotices<N extends Notice>(deps: ResultsNoticeDeps, feed: NoticeFeed<N>): Promise<number> {
  const what = feed.name.replace("-", " ");
  // A short token only this feed's calls take (their own audience and type).
  const token = () => signServiceToken(deps.keys, { issuer: deps.issuer, resultsAudience: deps.resultsApiAudience }, feed.name, "60s");
  const post = async (path: string, body?: unknown) =>
    serviceFetch(`${deps.resultsApiUrl.replace(/\/$/, "")}/${feed.name}/${path}`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${await token()}`,
        ...(body ? { "content-type": "application/json" } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(5000),
    });
  const claimed = await post("claim");
  if (!claimed.ok) throw new Error(`${what}: the results service answered ${claimed.status}`);
  const { notices } = z.object({ notices: z.array(feed.schema) }).parse(await claimed.json());
  if (notices.length === 0) return 0;
  const portal = deps.portalUrl.replace(/\/$/, "");
  let written = 0;
  for (const notice of notices) {
    const account = await deps.accounts.findById(notice.userId);
    // An account deleted meanwhile has no address any more: nothing to send.
    if (!account) continue;
    const email = feed.email(notice, translator(notice.language as Locale), portal);
    const fresh = await deps.outbox.deliver({ channel: "email", to: account.email, ...email, locale: notice.language, purpose: "notice" });
    if (fresh !== false) written++;
  }
  const acked = await post("ack", { ids: notices.map((notice) => notice.id) });
  if (!acked.ok) throw new Error(`${what}: the results service answered ${acked.status} to the acknowledgement`);
  return written;
}

/** Relays every `intervalMs` (a results service that does not answer is asked again at the next turn); answers how to stop. */
export function startNoticeRelay<N extends Notice>(deps: ResultsNoticeDeps, feed: NoticeFeed<N>): () => Promise<void> {
  return repeatEvery(
    deps.intervalMs,
    () => relayNotices(deps, feed),
    (error) => deps.logger.warn({ err: { message: error.message } }, `${feed.name.replace("-", " ")} not sent`),
  );
}
