import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import * as z from "zod";
import type { IdentityConfig } from "../config.ts";
import { readJson, sendJson } from "../http/io.ts";
import { translator } from "../pages/i18n.ts";
import type { AccountApiDeps } from "./deps.ts";

/**
 * POST /api/portal/barrier-report-receipt: the portal asks for the e-mail that acknowledges a barrier
 * reported on its accessibility statement, to the address the reporter gave (signed in or not). Only
 * the portal can ask (its client id and secret, HTTP Basic), and one address receives at most a few a
 * day whatever the portal asks, so the form cannot be used to fill anyone's mailbox.
 */
const receiptBody = z.object({
  to: z.email().max(254),
  reference: z.string().regex(/^BR-\d{4}-[2-9A-HJ-NP-Z]{6}$/),
  language: z.enum(["en", "es"]).default("en"),
});

const PER_ADDRESS = { max: 3, windowMs: 24 * 60 * 60_000 };

type BarrierReceiptDeps = Pick<AccountApiDeps, "outbox" | "throttle"> & Pick<IdentityConfig, "portalClientId" | "portalClientSecret">;

const digest = (text: string) => createHash("sha256").update(text).digest();

function isPortal(authorization: string | undefined, deps: BarrierReceiptDeps): boolean {
  const [scheme, encoded] = (authorization ?? "").split(" ");
  if (scheme?.toLowerCase() !== "basic" || !encoded) return false;
  const [id, secret] = Buffer.from(encoded, "base64")
    .toString("utf8")
    .split(":")
    .map((part) => decodeURIComponent(part));
  // Compared as digests: equal lengths, and no early exit that times how much of the secret was right.
  return id === deps.portalClientId && timingSafeEqual(digest(secret ?? ""), digest(deps.portalClientSecret));
}

export function createBarrierReceipts(deps: BarrierReceiptDeps) {
  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== "POST") {
      res.setHeader("allow", "POST");
      return sendJson(res, 405, { error: "method_not_allowed" });
    }
    if (!isPortal(req.headers.authorization, deps)) {
      res.setHeader("www-authenticate", 'Basic realm="portal"');
      return sendJson(res, 401, { error: "invalid_client" });
    }
    const parsed = receiptBody.safeParse(await readJson(req).catch(() => null));
    if (!parsed.success) return sendJson(res, 400, { error: "invalid_request" });
    const { to, reference, language } = parsed.data;
    // One mailbox, however it is tagged ('name+1@'): at most three acknowledgements a day to it.
    const [local = "", domain = ""] = [to.slice(0, to.lastIndexOf("@")), to.slice(to.lastIndexOf("@"))];
    const bucket = `barrier-receipt:${local.toLowerCase().split("+", 1)[0]}${domain.toLowerCase()}`;
    if (await deps.throttle.isLimited(bucket, PER_ADDRESS)) {
      res.setHeader("retry-after", String(Math.ceil((await deps.throttle.retryAfterMs(bucket, PER_ADDRESS)) / 1000)));
      return sendJson(res, 429, { error: "too_many_requests" });
    }
    await deps.throttle.record(bucket);
    const t = translator(language);
    await deps.outbox.deliver({
      channel: "email",
      to,
      subject: t("email.barrierReportSubject", { reference }),
      body: t("email.barrierReportBody", { reference }),
      purpose: "notice",
      locale: language,
    });
    sendJson(res, 200, { status: "SUCCESS" });
  };
}
