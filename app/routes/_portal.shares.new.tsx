import { randomUUID } from "node:crypto";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import * as profile from "~/components/profile/profile.css";
import { NewShareForm } from "~/components/shares/new-share-form";
import { ShareList } from "~/components/shares/share-list";
import { TitledPage } from "~/components/titled-page";
import { sharePath } from "~/domain/report-share";
import { NewShareSchema } from "~/domain/report-share-forms";
import { pageTitle } from "~/i18n/page-title";
import { useTranslation } from "~/i18n/react";
import { redirectWithNotice } from "~/services/flash.server";
import { readForm } from "~/services/form-body.server";
import { languageOf, translations } from "~/services/language.server";
import { createShare, FRESH_SHARE_FLOW, listShares, reportLabels } from "~/services/report-shares.server";
import { assertSameOrigin } from "~/services/same-origin.server";
import { participantSession, saveFlowState, serverTimeZone } from "~/services/session.server";
import type { Route } from "./+types/_portal.shares.new";

export const middleware: Route.MiddlewareFunction[] = [translations("shares")];

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "shares", "new.title");

/** The card's report (`?app=`), one of the participant's own; the earlier shares of it below the form. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const session = participantSession(context);
  const appId = url.searchParams.get("app") ?? "";
  const [labels, shares] = await Promise.all([reportLabels(session, languageOf(context)), listShares(session)]);
  if (labels === null) throw data(null, { status: 503 });
  // Own keys only: `?app=__proto__` or `?app=constructor` names no report.
  const reportLabel = Object.hasOwn(labels, appId) ? labels[appId] : undefined;
  if (!reportLabel) throw data(null, { status: 404 });
  const earlier = (shares ?? []).filter((share) => share.appId === appId);
  return data({ appId, formKey: randomUUID(), reportLabel, earlier, labels, serverTimeZone });
}

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const session = participantSession(context);
  const submission = parseWithZod(await readForm(request), { schema: NewShareSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { formKey, ...asked } = submission.value;
  const created = await createShare(session, { ...asked, language: languageOf(context) }, formKey);
  // Made minutes ago by this same request, its code no longer kept: the share's own page.
  if ("failure" in created && created.failure === "created-before") return redirect(sharePath(created.share.id), { status: 303 });
  if ("failure" in created) {
    const status = created.failure === "too-many" ? 429 : created.failure === "not-allowed" ? 409 : 503;
    return data({ result: submission.reply(), failure: created.failure }, { status });
  }
  // The code and link are shown on the share's page, kept sealed in the session; the results service keeps only their hashes.
  await saveFlowState(session, FRESH_SHARE_FLOW, { id: created.share.id, code: created.code, link: created.link });
  // Said above the share's page, where focus goes: the code and the link are right below.
  return redirectWithNotice(sharePath(created.share.id), { type: "success", titleKey: "shares:detail.createdNotice" });
}

export default function NewSharePage({ loaderData, actionData: reply }: Route.ComponentProps) {
  const { t } = useTranslation("shares");
  const { appId, formKey, reportLabel, earlier, labels, serverTimeZone: zone } = loaderData;
  return (
    <TitledPage headingId="new-share-title" heading={t("new.title")}>
      <NewShareForm appId={appId} formKey={formKey} reportLabel={reportLabel} reply={reply} />
      {earlier.length ? (
        <section aria-labelledby="earlier-shares" className={profile.form}>
          <h2 id="earlier-shares" className={profile.cardHeading}>
            {t("new.existing")}
          </h2>
          <ShareList shares={earlier} labels={labels} serverTimeZone={zone} />
        </section>
      ) : null}
    </TitledPage>
  );
}
