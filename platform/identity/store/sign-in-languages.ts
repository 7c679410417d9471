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
    /**
     * At the end of a sign-in: the hosted pages' language is kept for the client when it is not the one
     * the client asked for, and anything an earlier sign-in left is dropped when it is.
     */
    async carry(accountId: string, interaction: { locale: Locale; askedLocale: Locale | null }): Promise<void> {
      if (interaction.locale === interaction.askedLocale)
        await db.query("DELETE FROM idp_sign_in_languages WHERE account_id = $1", [accountId]);
      else
        await db.query(
          `INSERT INTO idp_sign_in_languages (account_id, locale, expires_at) VALUES ($1, $2, $3)
           ON CONFLICT (account_id) DO UPDATE SET locale = $2, expires_at = $3`,
          [accountId, interaction.locale, new Date(now().getTime() + KEPT_MS)],
        );
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
