import type { IncomingMessage, ServerResponse } from "node:http";
import type Provider from "oidc-provider";
import { html } from "../domain/html.ts";
import { sendHtml } from "../http/io.ts";
import { pickLocale, translator } from "../pages/i18n.ts";
import { page } from "../pages/layout.ts";
import type { AccountStore } from "../store/accounts.ts";
import type { Throttle } from "../store/throttle.ts";
import type { Verifications } from "../store/verifications.ts";

/** SPEC §8 library errors, verbatim. */
export const REGISTRATION_NOT_SUPPORTED = "Registration is not supported based on your current org configuration.";
export const UNLOCK_NOT_SUPPORTED = "Self Service Account Unlock is not supported based on your current org configuration.";

export interface AccountPagesDeps {
  provider: Provider;
  accounts: AccountStore;
  verifications: Verifications;
  throttle: Throttle;
  portalUrl: string;
  registrationEnabled: boolean;
  selfServiceUnlockEnabled: boolean;
  now: () => Date;
}

const STEPS = new Set(["register", "recover", "unlock"]);

/**
 * Registration, password recovery and unlock, linked from the identify page. Refused with the
 * SPEC §8 messages when the configuration turns them off.
 */
export function createAccountPages(deps: AccountPagesDeps) {
  return {
    handles(step: string | undefined): boolean {
      return step !== undefined && STEPS.has(step);
    },
    async handle(req: IncomingMessage, res: ServerResponse, uid: string, step: string, query: URLSearchParams) {
      let locale = pickLocale(query.get("ui_locales"));
      try {
        const details = await deps.provider.interactionDetails(req, res);
        locale = pickLocale(details.params.ui_locales as string | undefined);
      } catch {
        // Refusals below do not depend on the interaction.
      }
      const t = translator(locale);
      const back = html`<p><a href="/interaction/${uid}">${t("identify.title")}</a></p>`;
      if (step === "register" && !deps.registrationEnabled) {
        return sendHtml(res, 403, page({ locale, title: t("identify.createAccount"), body: html`<div class="error-summary" role="alert"><p>${REGISTRATION_NOT_SUPPORTED}</p></div>${back}` }));
      }
      if (step === "unlock" && !deps.selfServiceUnlockEnabled) {
        return sendHtml(res, 403, page({ locale, title: t("identify.unlockAccount"), body: html`<div class="error-summary" role="alert"><p>${UNLOCK_NOT_SUPPORTED}</p></div>${back}` }));
      }
      const titles = { register: t("identify.createAccount"), recover: t("identify.forgotPassword"), unlock: t("identify.unlockAccount") } as const;
      sendHtml(
        res,
        501,
        page({ locale, title: titles[step as keyof typeof titles], body: html`<div class="error-summary" role="alert"><p>${t("accountPages.unavailable")}</p></div>${back}` }),
      );
    },
  };
}
