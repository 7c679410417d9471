import type { IncomingMessage, ServerResponse } from "node:http";
import type { ReactNode } from "react";
import { readForm, requestLocale, sendHtml } from "../http/io.ts";
import { renderPage } from "../pages/document.tsx";
import { type MessageKey, translator } from "../pages/i18n.ts";
import { Actions } from "../pages/parts.tsx";
import type { NotificationPreferenceStore } from "./preferences.ts";
import { unsubscribeClaim } from "./unsubscribe-token.ts";

/**
 * GET /notifications/unsubscribe?token=… shows a button (a link scanner that follows it changes
 * nothing); a POST to the same address, the mail client's RFC 8058 one-click request or the button,
 * turns kit e-mails off for the participant the signed token names, without signing in.
 */
export function createUnsubscribeRoute(deps: {
  preferences: NotificationPreferenceStore;
  unsubscribeKeys: readonly string[];
  portalUrl: string;
}) {
  return async function handle(req: IncomingMessage, res: ServerResponse, query: URLSearchParams): Promise<void> {
    const locale = requestLocale(req);
    const t = translator(locale);
    const claim = unsubscribeClaim(deps.unsubscribeKeys, query.get("token"));
    const show = (status: number, title: MessageKey, body: ReactNode) =>
      sendHtml(res, status, renderPage({ locale, title: t(title) }, body));
    /** What happened, with the way back to the portal. */
    const outcome = (status: number, title: MessageKey, message: ReactNode) =>
      show(
        status,
        title,
        <>
          {message}
          <p>
            <a href={deps.portalUrl}>{t("unsubscribe.portalLink")}</a>
          </p>
        </>,
      );
    if (req.method !== "GET" && req.method !== "POST") {
      res.setHeader("allow", "GET, POST");
      return show(405, "unsubscribe.invalidTitle", <p>{t("unsubscribe.invalid")}</p>);
    }
    if (req.method === "POST") await readForm(req);
    res.setHeader("referrer-policy", "no-referrer");
    if (!claim) return outcome(400, "unsubscribe.invalidTitle", <p>{t("unsubscribe.invalid")}</p>);
    // A link from an e-mail sent before she last changed her choices changes nothing.
    if ((await deps.preferences.version(claim.accountId)) > claim.version)
      return outcome(200, "unsubscribe.outdatedTitle", <p role="status">{t("unsubscribe.outdated")}</p>);
    if (req.method === "POST") {
      await deps.preferences.turnEmailOff(claim.accountId);
      return outcome(200, "unsubscribe.doneTitle", <p role="status">{t("unsubscribe.done")}</p>);
    }
    show(
      200,
      "unsubscribe.title",
      <>
        <p>{t("unsubscribe.lead")}</p>
        <form method="post" action={`?token=${encodeURIComponent(query.get("token") ?? "")}&lang=${locale}`}>
          <input type="hidden" name="List-Unsubscribe" value="One-Click" />
          <Actions submit={t("unsubscribe.button")} />
        </form>
      </>,
    );
  };
}
