import { maskPhone } from "../domain/phone.ts";
import type { Locale } from "../pages/i18n.ts";
import type { Account } from "../store/accounts.ts";
import { noticeToAccount } from "./account-notice.ts";
import type { InteractionDeps } from "./deps.ts";

/**
 * A phone number carries the sign-in codes, so every change of it is told to the participant's own
 * e-mail address, in their language, when it starts and when it ends, with what to do if it was not
 * them. Nothing about their health or their results is in it.
 */
export type PhoneChangeNotice =
  | { kind: "started" | "applied" | "cancelled"; newPhone: string; at: Date }
  | { kind: "requested"; newPhone: string; at: Date; effectiveAt: Date };

/** A date every reader reads the same way, wherever they are: the day and time in UTC. */
export function noticeDate(at: Date, locale: Locale): string {
  const formatted = new Intl.DateTimeFormat(locale === "es" ? "es-US" : "en-US", {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: "UTC",
  }).format(at);
  return `${formatted} UTC`;
}

export async function phoneChangeNotice(deps: Pick<InteractionDeps, "outbox" | "portalUrl">, account: Account, notice: PhoneChangeNotice) {
  const link = `${deps.portalUrl.replace(/\/$/, "")}/profile/security`;
  await noticeToAccount(deps.outbox, account, (t, locale) => ({
    subject: t(`email.phoneChange.${notice.kind}Subject`),
    body: t(`email.phoneChange.${notice.kind}Body`, {
      phone: maskPhone(notice.newPhone),
      date: noticeDate(notice.at, locale),
      effective: notice.kind === "requested" ? noticeDate(notice.effectiveAt, locale) : "",
      link,
    }),
    link,
  }));
}
