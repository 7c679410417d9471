import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { RouterFallbackScreen, ServerErrorScreen } from "./error-screens";
import { PageShell } from "./page-shell";

/** The fallback wrapping the whole app: client errors (4xx) name their status, anything else is ours. */
export function AppErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  let screen = <ServerErrorScreen />;
  if (isRouteErrorResponse(error) && error.status < 500) {
    const detail = error.status === 404 ? t("errors.notFound") : error.statusText || String(error.data ?? "");
    screen = <RouterFallbackScreen status={error.status} detail={detail} />;
  }
  return <PageShell visitor={null}>{screen}</PageShell>;
}
