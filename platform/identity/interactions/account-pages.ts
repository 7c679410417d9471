import type { IncomingMessage, ServerResponse } from "node:http";
import { requestLocale, sendHtml } from "../http/io.ts";
import { renderProblemPage } from "../pages/account-flow-pages.tsx";
import { translator } from "../pages/i18n.ts";
import { loadLoginInteraction, loginInteractionOrLost } from "./account-flow-deps.ts";
import type { InteractionDeps } from "./deps.ts";
import { createRecovery, type RecoveryKind } from "./recovery.ts";
import { createRegistration } from "./registration.ts";

const REGISTRATION_STEPS = new Set(["register", "register-code", "email-verify"]);
const RECOVERY_STEPS = /^(recover|unlock)(?:-(method|code|password))?$/;

/**
 * /interaction/:uid/{register…, email-verify, recover…, unlock…}: the flows linked from the
 * identify page. Refused with SPEC §8's messages when the configuration turns them off.
 */
export function createAccountPages(deps: InteractionDeps) {
  const registration = createRegistration(deps);
  const recovery = createRecovery(deps);

  return {
    handles(step: string | undefined): step is string {
      return step !== undefined && (REGISTRATION_STEPS.has(step) || RECOVERY_STEPS.test(step));
    },

    async handle(req: IncomingMessage, res: ServerResponse, uid: string, step: string, query: URLSearchParams) {
      const queryLocale = requestLocale(req, query.get("ui_locales"));
      const isRegistration = REGISTRATION_STEPS.has(step);
      const recoveryStep = RECOVERY_STEPS.exec(step);
      const kind = recoveryStep?.[1] as RecoveryKind | undefined;

      if ((isRegistration && !deps.registrationEnabled) || (kind === "unlock" && !deps.selfServiceUnlockEnabled)) {
        const locale = (await loadLoginInteraction(deps.provider, req, res, uid))?.locale ?? queryLocale;
        const t = translator(locale);
        const off = isRegistration ? "register" : "unlock";
        const links = [{ href: `/interaction/${uid}`, label: t("form.backToSignIn") }];
        return sendHtml(res, 403, renderProblemPage({ locale, title: t(`${off}.title`), message: t(`${off}.notSupported`), links }));
      }
      // The e-mailed link may be opened anywhere; it decides itself what this browser may see.
      if (step === "email-verify" && req.method === "GET") return registration.openLink(req, res, uid, queryLocale, query);

      const interaction = await loginInteractionOrLost(deps, req, res, uid, query);
      if (!interaction) return;
      const isGet = req.method === "GET";
      if (!isGet && req.method !== "POST") return sendHtml(res, 405, "");

      if (step === "register") return isGet ? registration.show(req, res, interaction) : registration.submit(req, res, interaction);
      if (step === "register-code" && !isGet) return registration.submitCode(req, res, interaction);
      if (kind)
        return isGet
          ? recovery.show(req, res, interaction, kind, query)
          : recovery.handlePost(req, res, interaction, kind, recoveryStep?.[2] ?? "");
      sendHtml(res, 405, "");
    },
  };
}
