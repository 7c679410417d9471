import type { Queryable } from "../../../lib/postgres/index.ts";
import type { Locale } from "../pages/i18n.ts";

/** How long a finished sign-in's language waits for the client to exchange its code. */
const KEPT_MS = 10 * 60_000;

/**
 * The language a participant chose on the hosted pages when it is not the one the client asked for: kept from the end
 * of the sign-in until the client exchanges its code, whose ID token carries it back (`ui_locales`).
 */
export function createSignInLanguages(db: Queryable, now: () => Date) {
  return {
    async remember(accountId: string, locale: Locale): Promise<void> {
      await db.query(
        `INSERT INTO idp_sign_in_languages (account_id, locale, expires_at) VALUES ($1, $2, $3)
         ON CONFLICT (account_id) DO UPDATE SET locale = $2, expires_at = $3`,
        [accountId, locale, new Date(now().getTime() + KEPT_MS)],
      );
    },
    /** A sign-in finished in the client's own language leaves nothing to carry back. */
    async forget(accountId: string): Promise<void> {
      await db.query("DELETE FROM idp_sign_in_languages WHERE account_id = $1", [accountId]);
    },
    /** The language to carry back, once: read and forgotten. */
    async take(accountId: string): Promise<Locale | null> {
      const [row] = await db.query<{ locale: Locale; expires_at: Date }>(
        "DELETE FROM idp_sign_in_languages WHERE account_id = $1 RETURNING locale, expires_at",
        [accountId],
      );
      return row && row.expires_at > now() ? row.locale : null;
    },
  };
}

export type SignInLanguages = ReturnType<typeof createSignInLanguages>;

/**
 * At the end of a sign-in: the hosted pages' language is kept for the client when it is not the one
 * the client asked for, and anything an earlier sign-in left is dropped when it is.
 */
export async function carrySignInLanguage(
  languages: SignInLanguages,
  interaction: { locale: Locale; askedLocale: Locale | null },
  accountId: string,
): Promise<void> {
  if (interaction.locale !== interaction.askedLocale) await languages.remember(accountId, interaction.locale);
  else await languages.forget(accountId);
}
