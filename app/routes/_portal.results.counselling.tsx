import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { CounsellingRequestForm, type CounsellingFailure } from "~/components/counselling/counselling-request-form";
import { TitledPage } from "~/components/titled-page";
import { COUNSELLING_PATH, counsellingFormSchema, isSameSending, isTimeZone, openRequestFor } from "~/domain/counselling";
import { pageTitle } from "~/i18n/page-title";
import { useTranslation } from "~/i18n/react";
import { counsellingReports, createCounsellingRequest, listCounsellingRequests } from "~/services/counselling.server";
import { redirectWithNotice } from "~/services/flash.server";
import { readForm } from "~/services/form-body.server";
import { languageOf, translations } from "~/services/language.server";
import { assertSameOrigin } from "~/services/same-origin.server";
import { participantSession, serverTimeZone } from "~/services/session.server";
import type { Route } from "./+types/_portal.results.counselling";

export const middleware: Route.MiddlewareFunction[] = [translations("counselling")];

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "counselling", "form.title");

/** Every zone the server knows, by IANA name; the form's list and its check agree. */
const ZONES = [...new Set([...Intl.supportedValuesOf("timeZone"), "UTC"])].sort();

/** The card's report (`?app=`), one a counsellor talks about; the time zone of the last request, else the server's. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const session = participantSession(context);
  const appId = url.searchParams.get("app") ?? "";
  const [reports, requests] = await Promise.all([counsellingReports(session, languageOf(context)), listCounsellingRequests(session)]);
  if (reports === null || requests === null) throw data(null, { status: 503 });
  // Own keys only: `?app=__proto__` names no report.
  const reportLabel = Object.hasOwn(reports, appId) ? reports[appId] : undefined;
  if (!reportLabel) throw data(null, { status: 404 });
  const lastZone = requests.map((r) => r.timeZone).find(isTimeZone);
  return data({
    appId,
    reportLabel,
    hasOpenRequest: Boolean(openRequestFor(requests, appId)),
    zones: ZONES,
    // A zone the list holds, so the select shows it chosen (an alias such as Etc/UTC is not listed).
    defaultZone: [lastZone, serverTimeZone].find((zone) => zone && ZONES.includes(zone)) ?? "UTC",
  });
}

const FAILURE_STATUS: Record<CounsellingFailure, number> = { "open-request": 409, "too-many": 429, "not-allowed": 409, unavailable: 503 };

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const session = participantSession(context);
  const submission = parseWithZod(await readForm(request), { schema: counsellingFormSchema(new Date()) });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const outcome = await createCounsellingRequest(session, submission.value, languageOf(context));
  // The same form posted twice at once (a double click without JavaScript): the second finds the first.
  const sameSending = "openRequest" in outcome && isSameSending(outcome.openRequest, submission.value, new Date());
  if ("request" in outcome || sameSending) {
    return redirectWithNotice(COUNSELLING_PATH, {
      type: "success",
      titleKey: "counselling:list.sentTitle",
      bodyKey: "counselling:list.sentBody",
    });
  }
  // Everything typed comes back with the answer; the results service refused nothing the form could name.
  const failure: CounsellingFailure = outcome.failure === "invalid" ? "not-allowed" : outcome.failure;
  return data({ result: submission.reply(), failure }, { status: outcome.failure === "invalid" ? 400 : FAILURE_STATUS[failure] });
}

export default function CounsellingRequestPage({ loaderData, actionData: reply }: Route.ComponentProps) {
  const { t } = useTranslation("counselling");
  return (
    <TitledPage headingId="counselling-title" heading={t("form.title")}>
      <CounsellingRequestForm {...loaderData} reply={reply} />
    </TitledPage>
  );
}
