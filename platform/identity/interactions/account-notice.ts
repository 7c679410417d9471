import { type Locale, type Translate, translator } from "../pages/i18n.ts";
import type { Account } from "../store/accounts.ts";
import type { Outbox } from "../store/outbox.ts";

/** The language the account's e-mails are written in: Spanish where it chose it, English otherwise. */
export const accountLocale = (account: Account): Locale => (account.locale === "es" ? "es" : "en");

/** A notice e-mailed to the account's own address, in its language (development outbox). */
export async function noticeToAccount(
  outbox: Outbox,
  account: Account,
  words: (t: Translate, locale: Locale) => { subject: string; body?: string; link?: string },
): Promise<void> {
  const locale = accountLocale(account);
  await outbox.deliver({ channel: "email", to: account.email, ...words(translator(locale), locale), locale, purpose: "notice" });
}
