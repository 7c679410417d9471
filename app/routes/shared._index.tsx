import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import type { ScriptsHandle } from "~/components/layout/page-scripts";
import { PageShell } from "~/components/layout/page-shell";
import * as profile from "~/components/profile/profile.css";
import { OpenShareForm, type OpenShareReply } from "~/components/shares/open-share-form";
import { TitledPage } from "~/components/titled-page";
import { CLINICIAN_PAGE_HEADERS, CLINICIAN_REPORT_PATH, deviceDescription, SHARE_LINK_PATTERN } from "~/domain/report-share";
import { OpenShareSchema } from "~/domain/report-share-forms";
import { pageTitle } from "~/i18n/page-title";
import { useTranslation } from "~/i18n/react";
import { readForm } from "~/services/form-body.server";
import { translations } from "~/services/language.server";
import { portalRequestOf } from "~/services/load-context.server";
import { clinicianAccessCookie, openShare } from "~/services/report-shares.server";
import { assertSameOrigin } from "~/services/same-origin.server";
import type { Route } from "./+types/shared._index";

/** A clinician's page: plain HTML and a form post, no script. */
export const handle: ScriptsHandle = { scripts: false };
export const middleware: Route.MiddlewareFunction[] = [translations("shares")];

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "shares", "open.title");

/** Never stored; the link's secret (in the query) goes to no other site (same-origin: a form POST keeps its Origin); no search engine keeps it. */
export const headers = () => CLINICIAN_PAGE_HEADERS;

/** A clinician's page: no account, no participant signed in. A share link carries its secret in `?link=`. */
export function loader({ url }: Route.LoaderArgs) {
  const given = url.searchParams.get("link");
  const link = given && SHARE_LINK_PATTERN.test(given) ? given : null;
  return data({ link, closed: url.searchParams.has("closed") }, { headers: CLINICIAN_PAGE_HEADERS });
}

const refused = (reply: OpenShareReply, status: number) => data(reply, { status, headers: CLINICIAN_PAGE_HEADERS });

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const submission = parseWithZod(await readForm(request), { schema: OpenShareSchema });
  if (submission.status !== "success") return refused({ result: submission.reply() }, 400);
  const { dateOfBirth, ...secret } = submission.value;
  const portal = portalRequestOf(context);
  const outcome = await openShare(secret, dateOfBirth, {
    device: deviceDescription(request.headers.get("User-Agent")),
    clientAddress: portal?.clientAddress ?? "",
    requestId: portal?.requestId,
  });
  if (outcome.kind === "opened") {
    const cookie = await clinicianAccessCookie.serialize(outcome.access, { expires: new Date(outcome.expiresAt) });
    return redirect(CLINICIAN_REPORT_PATH, { status: 303, headers: { ...CLINICIAN_PAGE_HEADERS, "Set-Cookie": cookie } });
  }
  const reply = { result: submission.reply() };
  // An unknown code and a wrong date of birth get the same answer.
  if (outcome.kind === "no-match") return refused({ ...reply, refusal: { key: "noMatch" } }, 404);
  if (outcome.kind === "ended") return refused({ ...reply, refusal: { key: "ended" } }, 410);
  if (outcome.kind === "too-many")
    return refused({ ...reply, refusal: { key: "tooMany", minutes: Math.ceil(outcome.retryAfterSeconds / 60) } }, 429);
  return refused({ ...reply, refusal: { key: "unavailable" } }, 503);
}

export default function OpenSharedReportPage({ loaderData, actionData: reply }: Route.ComponentProps) {
  const { t } = useTranslation("shares");
  const { link, closed } = loaderData;
  return (
    <PageShell visitor={null}>
      <TitledPage headingId="open-share-title" heading={t("open.title")}>
        {closed ? (
          <p role="status" className={profile.paragraph}>
            {t("report.closed")}
          </p>
        ) : null}
        <OpenShareForm link={link} reply={reply} />
      </TitledPage>
    </PageShell>
  );
}
