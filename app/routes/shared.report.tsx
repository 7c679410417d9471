import { data, Form, redirect } from "react-router";
import { Button } from "~/components/button";
import type { ScriptsHandle } from "~/components/layout/page-scripts";
import { PageShell } from "~/components/layout/page-shell";
import { Moment } from "~/components/moment";
import { LinkLine } from "~/components/profile/profile-card";
import * as profile from "~/components/profile/profile.css";
import { ReportView } from "~/components/reports/report-view";
import { TitledPage } from "~/components/titled-page";
import { CLINICIAN_PAGE_HEADERS, CLINICIAN_PATH, CLINICIAN_PDF_PATH } from "~/domain/report-share";
import { pageTitle } from "~/i18n/page-title";
import { useTranslation } from "~/i18n/react";
import { readForm } from "~/services/form-body.server";
import { languageOf, translations } from "~/services/language.server";
import { clinicianAccessCookie, closeSharedAccess, readClinicianAccess, sharedReport } from "~/services/report-shares.server";
import { assertSameOrigin } from "~/services/same-origin.server";
import { serverTimeZone } from "~/services/session.server";
import type { Route } from "./+types/shared.report";

/** A clinician's page: plain HTML and a form post, no script. */
export const handle: ScriptsHandle = { scripts: false };
export const middleware: Route.MiddlewareFunction[] = [translations("shares")];

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "shares", "report.title");

export const headers = () => CLINICIAN_PAGE_HEADERS;

/**
 * The shared report, for the clinician whose code and date of birth matched: the results service
 * answers for the share's own access on every request, so an ended share shows nothing more.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const access = await readClinicianAccess(request);
  const shown = access ? await sharedReport(access, languageOf(context)) : "closed";
  if (shown === "unavailable") throw data(null, { status: 503, headers: CLINICIAN_PAGE_HEADERS });
  if (shown === "closed") {
    const forget = await clinicianAccessCookie.serialize("", { maxAge: 0 });
    return data({ shown: null, serverTimeZone }, { status: 401, headers: { ...CLINICIAN_PAGE_HEADERS, "Set-Cookie": forget } });
  }
  return data({ shown, serverTimeZone }, { headers: CLINICIAN_PAGE_HEADERS });
}

/** 'Close this report': the access ends at the results service, and the browser forgets it. */
export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  // Read (and so limited) like every form, though it carries nothing.
  await readForm(request);
  const access = await readClinicianAccess(request);
  if (access) await closeSharedAccess(access);
  const forget = await clinicianAccessCookie.serialize("", { maxAge: 0 });
  return redirect(`${CLINICIAN_PATH}?closed`, { status: 303, headers: { ...CLINICIAN_PAGE_HEADERS, "Set-Cookie": forget } });
}

export default function SharedReportPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("shares");
  const { shown, serverTimeZone: zone } = loaderData;
  return (
    <PageShell visitor={null}>
      <TitledPage headingId="shared-title" heading={t("report.title")}>
        {shown ? (
          <>
            <p className={profile.paragraph}>
              <strong>{t("report.sharedBy", { name: shown.report.participantName })}</strong>
            </p>
            <p className={profile.paragraph}>
              {t("report.sharedWith", { recipient: shown.share.recipient, date: "" })}
              <Moment at={shown.share.expiresAt} serverTimeZone={zone} />
            </p>
            <p className={profile.paragraph}>
              {/* A plain link: the PDF opens in the browser's own viewer, in this tab or another. */}
              <a href={CLINICIAN_PDF_PATH} className={profile.textLink}>
                {t("report.pdf")}
              </a>
            </p>
            <ReportView report={shown.report} titleLevel={2} />
            <Form method="post">
              <Button type="submit" variant="outlined">
                {t("report.done")}
              </Button>
            </Form>
          </>
        ) : (
          <LinkLine to={CLINICIAN_PATH}>{t("report.notOpen")}</LinkLine>
        )}
      </TitledPage>
    </PageShell>
  );
}
