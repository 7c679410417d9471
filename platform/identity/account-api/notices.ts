import * as z from "zod";
import { fail } from "./answers.ts";
import type { AccountApiDeps, Handlers } from "./deps.ts";

/** A receipt is for one request reference (WD-2026-7K3M9Q): sending it again changes nothing. */
const noticeBody = z.object({
  kind: z.literal("withdrawal-receipt"),
  reference: z.string().regex(/^WD-\d{4}-[A-Z0-9]{6}$/),
  language: z.enum(["en", "es"]).default("en"),
});
const NOTICE_LIMIT = { max: 10, windowMs: 24 * 60 * 60_000 };
const NOTICE_ONCE = { max: 1, windowMs: 365 * 24 * 60 * 60_000 };
const receiptSubject = {
  en: (reference: string) => `We received your withdrawal request ${reference}`,
  es: (reference: string) => `Recibimos su solicitud de retiro ${reference}`,
};

export function noticeHandlers(deps: AccountApiDeps): Handlers {
  const { throttle } = deps;
  return {
    /** The receipt of a recorded request, to the participant's own address (the development outbox), once per reference. */
    async "send-notice"({ account, accessToken }, body) {
      const { reference, language } = noticeBody.parse(body);
      const once = `notice:${account.id}:${reference}`;
      if (await throttle.isLimited(once, NOTICE_ONCE)) return { status: "SUCCESS", nextStep: "sent" };
      // A receipt only for a request the results service has recorded as this participant's.
      const references = await deps.withdrawalReferences(account.id, accessToken);
      if (references === null) throw fail(503, "tryAgainLater", { retryAfterSeconds: 60 });
      if (!references.includes(reference)) throw fail(404, "notFound");
      const daily = `notices:${account.id}`;
      if (await throttle.isLimited(daily, NOTICE_LIMIT)) throw fail(429, "tooManyNotices", { retryAfterSeconds: 3600 });
      await throttle.record(daily);
      await deps.outbox.deliver({
        channel: "email",
        to: account.email,
        subject: receiptSubject[language](reference),
        link: `${deps.portalUrl.replace(/\/$/, "")}/profile/studies/withdrawal/${reference}`,
        purpose: "notice",
        locale: language,
      });
      await throttle.record(once);
      return { status: "SUCCESS", nextStep: "sent" };
    },
  };
}
