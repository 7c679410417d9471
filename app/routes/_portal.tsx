import { data, Outlet } from "react-router";
import { GatheringInformation } from "~/components/dashboard/gathering-information";
import { useLoadingMyResults } from "~/components/dashboard/use-loading-my-results";
import { AppErrorBoundary } from "~/components/layout/app-error-boundary";
import { FlashNotifications } from "~/components/layout/flash-notifications";
import { PageShell } from "~/components/layout/page-shell";
import { SessionEndingNotice } from "~/components/layout/session-ending";
import { revalidateOnPathChange } from "~/revalidate-on-path-change";
import { takeFlashNotifications } from "~/services/flash.server";
import { privatePageHeaders, requireVisitor, visitorOf } from "~/services/session.server";
import type { Route } from "./+types/_portal";

/** Every page inside the layout needs a session (SPEC.md §4 'Session'). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireVisitor(request, context);
  const { notifications, clearCookie } = await takeFlashNotifications(request);
  const headers = new Headers(privatePageHeaders);
  if (clearCookie) headers.append("Set-Cookie", clearCookie);
  return data({ visitor: visitorOf(session), notifications }, { headers });
}

/** Every page inside the layout is private, never stored (a route without `headers` takes its parent's). */
export function headers() {
  return privatePageHeaders;
}

/**
 * Every page the participant opens moves the session's end on, so the header's 'Signed in until' and
 * the session-ending notice are read again on every navigation (and the page's flash notices with them).
 */
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
