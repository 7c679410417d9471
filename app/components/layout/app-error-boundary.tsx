import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { useTranslation } from "~/i18n-react";
import { RouterFallbackScreen, ServerErrorScreen } from "./error-screens";
import { PageShell } from "./page-shell";
import type { Visitor } from "./visitor";

const translatedDetail: Record<number, string> = {
  400: "errors.badRequest",
  403: "errors.forbidden",
  404: "errors.notFound",
  405: "errors.methodNotAllowed",
  413: "errors.tooLarge",
  415: "errors.badRequest",
};

/**
 * The fallback screen: client errors (4xx) name their status, anything else is ours. The whole
 * app's boundary has no visitor; the signed-in layout's keeps the participant's header and menu.
 */
export function AppErrorBoundary({ visitor = null }: { visitor?: Visitor | null }) {
  const error = useRouteError();
  const { t } = useTranslation();
  let screen = <ServerErrorScreen />;
  if (isRouteErrorResponse(error) && error.status < 500) {
    const detailKey = translatedDetail[error.status];
    const detail = detailKey ? t(detailKey) : error.statusText || t("errors.badRequest");
    screen = <RouterFallbackScreen status={error.status} detail={detail} />;
  }
  return <PageShell visitor={visitor}>{screen}</PageShell>;
}
