import { useNavigate, useSearchParams } from "@remix-run/react";
import { useState, type MouseEvent } from "react";
import { useHydrated } from "~/components/use-hydrated";
import { timelineEntries } from "~/domain/kit-timeline";
import { useTranslation } from "~/i18n-react";
import * as styles from "./dashboard.css";
import { SampleTracker } from "./sample-tracker";
import { TimelineDetails } from "./timeline-details";

/** The URL state that opens the timeline modal, so it also opens without JavaScript. */
export const TIMELINE_PARAM = "timeline";

/** SPEC.md §2: the 'DNA Sample Status' card with its tracker and the timeline modal. */
export function SampleStatusCard({ kitStatus, isHealthOrResearch }: { kitStatus: number; isHealthOrResearch: boolean }) {
  const { t } = useTranslation("dashboard");
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [searchParams] = useSearchParams();
  const requested = searchParams.has(TIMELINE_PARAM);
  const [open, setOpen] = useState(requested);
  // Follow the URL when it changes (Back/Forward), without an extra render pass through an effect.
  const [followedRequest, setFollowedRequest] = useState(requested);
  if (followedRequest !== requested) {
    setFollowedRequest(requested);
    setOpen(requested);
  }
  const entries = timelineEntries(kitStatus, isHealthOrResearch);

  function openDetails(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    setOpen(true);
  }

  function closeDetails() {
    setOpen(false);
    // Drop the URL state quietly: the dashboard's data has not changed.
    if (requested) navigate("/", { replace: true, preventScrollReset: true, state: { quiet: true } });
  }

  return (
    <section className={styles.card} aria-labelledby="sample-status-title">
      <div className={styles.cardHeader}>
        <h2 id="sample-status-title" className={styles.cardTitle}>
          {t("status.title")}
        </h2>
        <a href={`/?${TIMELINE_PARAM}`} className={styles.textLink} onClick={openDetails} aria-haspopup={hydrated ? "dialog" : undefined}>
          {t("status.viewTimeline")}
        </a>
      </div>
      <SampleTracker entries={entries} />
      <TimelineDetails open={open} entries={entries} closeHref="/" onClose={closeDetails} />
    </section>
  );
}
