import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { useTranslation } from "~/i18n-react";
import { RouterFallbackScreen, ServerErrorScreen } from "./error-screens";
import { PageShell } from "./page-shell";

const translatedDetail: Record<number, string> = {
  400: "errors.badRequest",
  403: "errors.forbidden",
  404: "errors.notFound",
  405: "errors.methodNotAllowed",
  413: "errors.tooLarge",
  415: "errors.badRequest",
};

/** The fallback wrapping the whole app: client errors (4xx) name their status, anything else is ours. */
export function AppErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  let screen = <ServerErrorScreen />;
  if (isRouteErrorResponse(error) && error.status < 500) {
    const detailKey = translatedDetail[error.status];
    const detail = detailKey ? t(detailKey) : error.statusText || t("errors.badRequest");
    screen = <RouterFallbackScreen status={error.status} detail={detail} />;
  }
  return <PageShell visitor={null}>{screen}</PageShell>;
}
