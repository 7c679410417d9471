import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { RelativeCodeForm, type RelativeRefusal } from "~/components/family/relative-code-form";
import type { ScriptsHandle } from "~/components/layout/page-scripts";
import { PageShell } from "~/components/layout/page-shell";
import * as profile from "~/components/profile/profile.css";
import { ReportView } from "~/components/reports/report-view";
import { TitledPage } from "~/components/titled-page";
import { RELATIVE_PAGE_HEADERS, RelativeCodeSchema, letterLanguage, type LetterContent } from "~/domain/family-letter";
import { pageTitle } from "~/i18n/page-title";
import { useTranslation } from "~/i18n/react";
import { openRelativeLetter } from "~/services/family-letters.server";
import { readForm } from "~/services/form-body.server";
import { languageOf, translations } from "~/services/language.server";
import { portalRequestOf } from "~/services/load-context.server";
import { assertSameOrigin } from "~/services/same-origin.server";
import type { Route } from "./+types/family";

/** A relative's page: plain HTML and a form post, no script, no account. */
export const handle: ScriptsHandle = { scripts: false };
export const middleware: Route.MiddlewareFunction[] = [translations("family")];

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "family", "relative.title");

export const headers = () => RELATIVE_PAGE_HEADERS;

export function loader() {
  return data({}, { headers: RELATIVE_PAGE_HEADERS });
}

type Reply = { result: SubmissionResult<string[]>; refusal?: RelativeRefusal; letter?: LetterContent };

const answer = (reply: Reply, status: number) => data(reply, { status, headers: RELATIVE_PAGE_HEADERS });

/** The code from the letter: the letter itself, in the page's language, or why not (what was typed stays). */
export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const submission = parseWithZod(await readForm(request), { schema: RelativeCodeSchema });
  if (submission.status !== "success") return answer({ result: submission.reply() }, 400);
  const portal = portalRequestOf(context);
  const outcome = await openRelativeLetter(submission.value.code, letterLanguage(null, languageOf(context)), {
    clientAddress: portal?.clientAddress ?? "",
    requestId: portal?.requestId,
  });
  if (outcome.kind === "opened") return answer({ result: submission.reply({ resetForm: true }), letter: outcome.letter }, 200);
  const reply = { result: submission.reply() };
  if (outcome.kind === "no-match") return answer({ ...reply, refusal: { key: "noMatch" } }, 404);
  if (outcome.kind === "ended") return answer({ ...reply, refusal: { key: outcome.reason } }, 410);
  if (outcome.kind === "too-many")
    return answer({ ...reply, refusal: { key: "tooMany", minutes: Math.ceil(outcome.retryAfterSeconds / 60) } }, 429);
  return answer({ ...reply, refusal: { key: "unavailable" } }, 503);
}

export default function RelativePage({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("family");
  const letter = actionData?.letter;
  return (
    <PageShell visitor={null}>
      <TitledPage headingId="relative-title" heading={t("relative.title")}>
        {letter ? (
          <>
            <p className={profile.paragraph}>{t("relative.opened")}</p>
            <ReportView report={letter} titleLevel={2} />
            <p className={profile.paragraph}>{t("relative.keep")}</p>
          </>
        ) : (
          <>
            <p className={profile.paragraph}>{t("relative.intro")}</p>
            <RelativeCodeForm result={actionData?.result} refusal={actionData?.refusal} />
          </>
        )}
      </TitledPage>
    </PageShell>
  );
}
