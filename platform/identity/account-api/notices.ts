import * as z from "zod";
import { deviceInWords } from "../interactions/factor-notices.ts";
import { noticeDate } from "../interactions/phone-change-notices.ts";
import { translator } from "../pages/i18n.ts";
import { fail } from "./answers.ts";
import type { AccountApiDeps, Handlers } from "./deps.ts";
import { deviceBody } from "./factor-changes.ts";

/** A receipt is for one request reference (WD-2026-7K3M9Q): sending it again changes nothing. */
const noticeBody = deviceBody.extend({
  kind: z.literal("withdrawal-receipt"),
  reference: z.string().regex(/^WD-\d{4}-[A-Z0-9]{6}$/),
  language: z.enum(["en", "es"]).default("en"),
});
const NOTICE_LIMIT = { max: 10, windowMs: 24 * 60 * 60_000 };
const NOTICE_ONCE = { max: 1, windowMs: 365 * 24 * 60 * 60_000 };

export function noticeHandlers(deps: AccountApiDeps): Handlers {
  const { throttle } = deps;
  return {
    /**
     * The receipt of a recorded request, to the participant's own address (the development outbox), once
     * per reference: what was asked for, when, from which device, what happens next, and what to do if
     * the participant did not ask.
     */
    async "send-notice"({ account, accessToken }, body) {
      const { reference, language, device } = noticeBody.parse(body);
      const once = `notice:${account.id}:${reference}`;
      if (await throttle.isLimited(once, NOTICE_ONCE)) return { status: "SUCCESS", nextStep: "sent" };
      // A receipt only for a request the results service has recorded as this participant's.
      const listed = await deps.withdrawals(account.id, accessToken);
      if (listed === null) throw fail(503, "tryAgainLater", { retryAfterSeconds: 60 });
      const request = listed.find((each) => each.reference === reference);
      if (!request) throw fail(404, "notFound");
      const daily = `notices:${account.id}`;
      if (await throttle.isLimited(daily, NOTICE_LIMIT)) throw fail(429, "tooManyNotices", { retryAfterSeconds: 3600 });
      await throttle.record(daily);
      const t = translator(language);
      const link = `${deps.portalUrl.replace(/\/$/, "")}/profile/studies/withdrawal/${reference}`;
      await deps.outbox.deliver({
        channel: "email",
        to: account.email,
        subject: t("email.withdrawalReceiptSubject", { reference }),
        body: t("email.withdrawalReceiptBody", {
          reference,
          date: noticeDate(request.requestedAt, language),
          device: deviceInWords(t, device),
          request: t(`email.withdrawalChoice.${request.choice}`),
          link,
        }),
        link,
        purpose: "notice",
        locale: language,
      });
      await throttle.record(once);
      return { status: "SUCCESS", nextStep: "sent" };
    },
  };
}
