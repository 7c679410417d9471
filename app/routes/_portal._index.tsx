import { data, useSearchParams, type ShouldRevalidateFunction } from "react-router";
import { KitNotStartedYet, NewParticipant, NoResultsYet, WaitingForResults } from "~/components/dashboard/dashboard-states";
import * as styles from "~/components/dashboard/dashboard.css";
import { REPORT_ACTION } from "~/components/dashboard/download-report-form";
import { ResultsCard } from "~/components/dashboard/results-card";
import { SampleStatusCard, TIMELINE_PARAM } from "~/components/dashboard/sample-status-card";
import { TimelinePage } from "~/components/dashboard/timeline-details";
import { BANNER_ACTION, WelcomeBanner } from "~/components/dashboard/welcome-banner";
import { NetworkErrorScreen, ServerErrorScreen } from "~/components/layout/error-screens";
import type { NoscriptRefreshHandle } from "~/components/layout/noscript-refresh";
import { WELCOME_BANNER } from "~/domain/dashboard-banner-names";
import { timelineEntries } from "~/domain/kit-timeline";
import { pageTitle } from "~/i18n/page-title";
import { useTranslation } from "~/i18n/react";
import { type DashboardData, loadDashboard } from "~/services/dashboard-data.server";
import { translations } from "~/services/language.server";
import { visitorSession } from "~/services/session.server";
import type { Route } from "./+types/_portal._index";

export const middleware: Route.MiddlewareFunction[] = [translations("dashboard")];

export const handle: NoscriptRefreshHandle = {
  // The waiting page asks again by itself without JavaScript.
  noscriptRefresh: (loaderData, location) => {
    const waiting = loaderData as DashboardData | undefined;
    return waiting?.screen === "waiting" ? { seconds: waiting.checkAgainSeconds, to: `${location.pathname}${location.search}` } : null;
  },
};

/** Every state its own title: the error screens and the waiting page are named as their headings. */
export const meta: Route.MetaFunction = ({ matches, location, loaderData }) => {
  if (loaderData?.screen === "network-error") return pageTitle(matches, "common", "errors.networkTitle");
  if (loaderData?.screen === "server-error") return pageTitle(matches, "common", "errors.serverTitle");
  if (loaderData?.screen === "waiting" || loaderData?.screen === "gathering") return pageTitle(matches, "common", "gathering");
  return pageTitle(matches, "dashboard", new URLSearchParams(location.search).has(TIMELINE_PARAM) ? "timeline.title" : "title");
};

/** SPEC.md §2 'My Results'. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = visitorSession(context);
  const outcome = await loadDashboard(request, session);
  if (outcome.kind === "response") throw outcome.response;
  return data(outcome.data, { status: outcome.status });
}

/** Downloads and banner dismissals change nothing the loader reads. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) =>
  formAction === REPORT_ACTION || formAction === BANNER_ACTION ? false : defaultShouldRevalidate;

export default function MyResults({ loaderData: data }: Route.ComponentProps) {
  const { t } = useTranslation("dashboard");
  const [searchParams] = useSearchParams();
  const showsTimeline = searchParams.has(TIMELINE_PARAM);

  if (data.screen === "network-error") return <NetworkErrorScreen />;
  switch (data.screen) {
    case "server-error":
      return <ServerErrorScreen />;
    case "gathering":
      return (
        <KitNotStartedYet
          canRegisterKit={data.canRegisterKit}
          results={
            data.apps.length > 0 ? (
              <div className={styles.page}>
                <ResultsCard apps={data.apps} />
              </div>
            ) : null
          }
        />
      );
    case "waiting":
      return <WaitingForResults checkAgainSeconds={data.checkAgainSeconds} />;
    case "empty":
      return <NoResultsYet message={data.message} />;
    case "new-participant":
      return <NewParticipant />;
    case "reduced":
      return (
        <div className={styles.page}>
          <h1 className={styles.headline}>{t("title")}</h1>
          <ResultsCard apps={data.apps} canShare={false} />
        </div>
      );
    case "full":
      if (showsTimeline)
        return (
          <TimelinePage
            entries={timelineEntries(data.kitStatus, data.isHealthOrResearch, data.kitHistory)}
            delayReason={data.kitHistory.delayReason}
          />
        );
      return (
        <div className={styles.page}>
          {data.welcomeBanner ? <WelcomeBanner banner={WELCOME_BANNER} focusAfterClose="my-results-title" /> : null}
          <h1 id="my-results-title" className={styles.headline} tabIndex={-1}>
            {t("title")}
          </h1>
          <SampleStatusCard
            kitStatus={data.kitStatus}
            kitHistory={data.kitHistory}
            isHealthOrResearch={data.isHealthOrResearch}
            kits={data.kits}
          />
          {data.apps.length ? <ResultsCard apps={data.apps} /> : null}
        </div>
      );
  }
}
