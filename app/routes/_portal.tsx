import { data, Outlet } from "react-router";
import { GatheringInformation } from "~/components/dashboard/gathering-information";
import { useLoadingMyResults } from "~/components/dashboard/use-loading-my-results";
import { AppErrorBoundary } from "~/components/layout/app-error-boundary";
import { FlashNotifications } from "~/components/layout/flash-notifications";
import { PageShell } from "~/components/layout/page-shell";
import { SessionEndingNotice } from "~/components/layout/session-ending";
import { revalidateOnPathChange } from "~/domain/revalidate-on-path-change";
import { takeFlashNotifications } from "~/services/flash.server";
import { sessionMiddleware, visitorOf, visitorSession } from "~/services/session.server";
import type { Route } from "./+types/_portal";

/** Everything inside the layout needs a session (SPEC.md §4 'Session'), read once per request, and is never stored. */
export const middleware: Route.MiddlewareFunction[] = [sessionMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { notifications, clearCookie } = await takeFlashNotifications(request);
  return data(
    { visitor: visitorOf(visitorSession(context)), notifications },
    { headers: clearCookie ? { "Set-Cookie": clearCookie } : undefined },
  );
}

/** Every page opened moves the session's end on: 'Signed in until' and the ending notice are read again. */
export const shouldRevalidate = revalidateOnPathChange;

export default function PortalLayout({ loaderData }: Route.ComponentProps) {
  const { visitor, notifications } = loaderData;
  const loadingMyResults = useLoadingMyResults();
  return (
    <PageShell visitor={visitor}>
      {visitor.kind === "participant" ? <SessionEndingNotice visitor={visitor} /> : null}
      <FlashNotifications notifications={notifications} />
      {loadingMyResults ? <GatheringInformation /> : <Outlet />}
    </PageShell>
  );
}

/** A page that fails keeps the signed-in header and navigation; the layout's own failure goes to the root's. */
export function ErrorBoundary({ loaderData: layout }: Route.ErrorBoundaryProps) {
  return <AppErrorBoundary visitor={layout?.visitor ?? null} />;
}
