import type { IncomingMessage, ServerResponse } from "node:http";
import type Provider from "oidc-provider";
import { requestLocale, sendHtml } from "../http/io.ts";
import { renderProblemPage } from "../pages/account-flow-pages.tsx";
import { firstSupportedLocale, type Locale, translator } from "../pages/i18n.ts";
import { renderPortalLinkPage } from "../pages/oidc-pages.tsx";
import type { InteractionDeps } from "./deps.ts";

export interface LoginInteraction {
  uid: string;
  /** The language the hosted pages are shown in (the participant's choice, then the client's ui_locales, …). */
  locale: Locale;
  /** The language the client asked for (its ui_locales), when it named one we have. */
  askedLocale: Locale | null;
}

/** The oidc-provider login interaction this browser holds for `uid`, or null (other browser, finished, expired). */
export async function loadLoginInteraction(
  provider: Provider,
  req: IncomingMessage,
  res: ServerResponse,
  uid: string,
): Promise<LoginInteraction | null> {
  const details = await provider.interactionDetails(req, res).catch(() => null);
  if (details?.uid !== uid || details.prompt.name !== "login") return null;
  const uiLocales = details.params.ui_locales as string | undefined;
  return { uid, locale: requestLocale(req, uiLocales), askedLocale: firstSupportedLocale(uiLocales) };
}

/** The login interaction, or (another browser, finished, expired) the page that leads back to the portal. */
export async function loginInteractionOrLost(
  deps: Pick<InteractionDeps, "provider" | "portalUrl">,
  req: IncomingMessage,
  res: ServerResponse,
  uid: string,
  query: URLSearchParams,
): Promise<LoginInteraction | null> {
  const interaction = await loadLoginInteraction(deps.provider, req, res, uid);
  if (!interaction) {
    const locale = requestLocale(req, query.get("ui_locales"));
    sendHtml(res, 400, renderPortalLinkPage("sessionLost", { locale, portalUrl: deps.portalUrl, here: `/interaction/${uid}` }));
  }
  return interaction;
}

/** SPEC §8's fallback ('Error sending MFA code', …), or with 410 its 'session has expired', with a way to start again. */
export function sendFallback(
  res: ServerResponse,
  interaction: LoginInteraction,
  title: string,
  message: string,
  restartHref: string,
  status = 500,
): void {
  const t = translator(interaction.locale);
  const links = [
    { href: restartHref, label: t("expired.restart") },
    { href: `/interaction/${interaction.uid}`, label: t("form.backToSignIn") },
  ];
  sendHtml(res, status, renderProblemPage({ locale: interaction.locale, title, message, links }));
}

/** Says so once and forgets the flow and its code, so "Start again" opens the flow's first page. */
export async function expireFlow(
  deps: InteractionDeps,
  res: ServerResponse,
  interaction: LoginInteraction,
  flowKey: string,
  restartHref: string,
) {
  await deps.accountFlows.remove(interaction.uid);
  await deps.verifications.discard(flowKey);
  const t = translator(interaction.locale);
  sendFallback(res, interaction, t("expired.title"), t("expired.message"), restartHref, 410);
}
