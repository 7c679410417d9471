import { useFetcher } from "react-router";
import { Notification } from "~/components/notification";
import { useHydrated } from "~/components/use-hydrated";
import { useTranslation } from "~/i18n-react";

export const BANNER_ACTION = "/dashboard/banner";

/**
 * SPEC.md §2: a dismissible success banner. Dismissing posts a form that the server remembers per
 * banner and participant; with JavaScript the same post goes in the background and keyboard focus
 * moves to the page's heading (`focusAfterClose`), not to the document.
 */
export function WelcomeBanner({ banner, focusAfterClose }: { banner: string; focusAfterClose: string }) {
  const { t } = useTranslation("dashboard");
  const hydrated = useHydrated();
  const fetcher = useFetcher();

  function recordDismissal() {
    fetcher.submit({ banner, respond: "data" }, { method: "post", action: BANNER_ACTION });
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
