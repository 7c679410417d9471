import { Notification } from "~/components/notification";
import { useHydrated } from "~/components/use-hydrated";
import { useTranslation } from "~/i18n/react";

export const BANNER_ACTION = "/dashboard/banner";

/**
 * SPEC.md §2's dismissible banner: its form posts the dismissal the server remembers; with JavaScript the post
 * goes in the background and focus moves to `focusAfterClose`, not to the document.
 */
export function WelcomeBanner({ banner, focusAfterClose }: { banner: string; focusAfterClose: string }) {
  const { t } = useTranslation("dashboard");
  const hydrated = useHydrated();

  function recordDismissal() {
    // keepalive: the browser still delivers the dismissal when the participant leaves the page at once.
    void fetch(BANNER_ACTION, { method: "POST", body: new URLSearchParams({ banner, respond: "data" }), keepalive: true }).catch(
      () => undefined,
    );
    document.getElementById(focusAfterClose)?.focus();
  }

  return (
    <Notification
      type="success"
      headerText={t("welcome.title")}
      bodyText={t("welcome.body")}
      closable
      visibleMs={0}
      dismissForm={{ action: BANNER_ACTION, fields: { banner } }}
      onClose={hydrated ? recordDismissal : undefined}
    />
  );
}
