import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { AccessibilityStatement } from "~/components/accessibility/accessibility-statement";
import * as styles from "~/components/accessibility/accessibility.css";
import { BarrierReportForm, TOO_MANY_REPORTS } from "~/components/accessibility/barrier-report-form";
import { PageShell } from "~/components/layout/page-shell";
import { ACCESSIBILITY_PATH, BarrierReportSchema } from "~/domain/barrier-report";
import { pageTitle } from "~/i18n/page-title";
import { barrierReportExists, submitBarrierReport } from "~/services/barrier-reports.server";
import { readForm } from "~/services/form-body.server";
import { languageOf, translations } from "~/services/language.server";
import { portalRequestOf } from "~/services/load-context.server";
import { requestIdOf } from "~/services/logger.server";
import { assertSameOrigin } from "~/services/same-origin.server";
import { privatePageHeaders, readSession, visitorOf } from "~/services/session.server";
import type { Route } from "./+types/accessibility";

export const middleware: Route.MiddlewareFunction[] = [translations("accessibility")];

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "accessibility", "title");

/** The accessibility statement, for everyone (signed in or not), with the form to report a barrier. */
export async function loader({ request, url }: Route.LoaderArgs) {
  const { session } = await readSession(request);
  const reported = url.searchParams.get("reported");
  return data(
    {
      visitor: session ? visitorOf(session) : null,
      email: session?.tokenType === "IDP" ? session.email : null,
      received: reported !== null && (await barrierReportExists(reported)) ? reported : null,
    },
    { headers: privatePageHeaders },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const { session } = await readSession(request);
  const submission = parseWithZod(await readForm(request), { schema: BarrierReportSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400, headers: privatePageHeaders });
  const outcome = await submitBarrierReport(submission.value, {
    clientAddress: portalRequestOf(context)?.clientAddress ?? "",
    userId: session?.tokenType === "IDP" ? session.userId : null,
    language: languageOf(context),
    requestId: requestIdOf(request),
  });
  if (outcome.kind === "too-many") {
    return data({ result: submission.reply({ formErrors: [TOO_MANY_REPORTS] }) }, { status: 429, headers: privatePageHeaders });
  }
  return redirect(`${ACCESSIBILITY_PATH}?reported=${outcome.reference}#report-received`, { status: 303, headers: privatePageHeaders });
}

export default function AccessibilityPage({ loaderData, actionData: reply }: Route.ComponentProps) {
  const { visitor, email, received } = loaderData;
  return (
    <PageShell visitor={visitor}>
      <div className={styles.page}>
        <AccessibilityStatement />
        <BarrierReportForm reply={reply} email={email} received={received} />
      </div>
    </PageShell>
  );
}
