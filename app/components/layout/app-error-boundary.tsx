import { isRouteErrorResponse, useRouteError } from "react-router";
import { useTranslation } from "~/i18n/react";
import { NotFoundScreen, RouterFallbackScreen, ServerErrorScreen } from "./error-screens";
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

/** The fallback screen; the signed-in layout's boundary and a missing page keep the participant's header and menu. */
export function AppErrorBoundary({ visitor = null }: { visitor?: Visitor | null }) {
  const error = useRouteError();
  const { t } = useTranslation();
  let screen = <ServerErrorScreen />;
  let shownTo = visitor;
  if (isRouteErrorResponse(error) && error.status === 404) {
    screen = <NotFoundScreen />;
    // An unknown page says who is signed in (app/routes/$.tsx), so the header stays theirs.
    shownTo ??= (error.data as { visitor?: Visitor | null } | null)?.visitor ?? null;
  } else if (isRouteErrorResponse(error) && error.status < 500) {
    const detailKey = translatedDetail[error.status];
    const detail = detailKey ? t(detailKey) : error.statusText || t("errors.badRequest");
    screen = <RouterFallbackScreen status={error.status} detail={detail} />;
  }
  return <PageShell visitor={shownTo}>{screen}</PageShell>;
}
