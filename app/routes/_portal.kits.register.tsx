import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { KitList } from "~/components/kits/kit-list";
import { KitRegistrationForm, type KitRegistrationReply } from "~/components/kits/kit-registration-form";
import * as profile from "~/components/profile/profile.css";
import { TitledPage } from "~/components/titled-page";
import { kitRegistrationSchema, latestCollectionDay } from "~/domain/kit-registration";
import { pageTitle } from "~/i18n/page-title";
import { useTranslation } from "~/i18n/react";
import { redirectWithNotice } from "~/services/flash.server";
import { readForm } from "~/services/form-body.server";
import { listKits, registerKit } from "~/services/kits.server";
import { translations } from "~/services/language.server";
import { portalRequestOf } from "~/services/load-context.server";
import { assertSameOrigin } from "~/services/same-origin.server";
import { participantSession } from "~/services/session.server";
import type { Route } from "./+types/_portal.kits.register";

export const middleware: Route.MiddlewareFunction[] = [translations("dashboard")];

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "dashboard", "kits.title");

/** The form, and below it the kits the participant registered already (none when the results service does not answer). */
export async function loader({ context }: Route.LoaderArgs) {
  const session = participantSession(context);
  const kits = (await listKits(session)) ?? [];
  return data({ kits, latestDay: latestCollectionDay(new Date()) });
}

const refused = (reply: KitRegistrationReply, status: number) => data(reply, { status });

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const session = participantSession(context);
  const submission = parseWithZod(await readForm(request), { schema: kitRegistrationSchema() });
  if (submission.status !== "success") return refused({ result: submission.reply() }, 400);
  const outcome = await registerKit(session, submission.value, portalRequestOf(context)?.clientAddress ?? "");
  if (outcome.kind === "registered") {
    return redirectWithNotice("/", { type: "success", titleKey: "dashboard:kits.registered", bodyKey: "dashboard:kits.registeredBody" });
  }
  // Unknown and another participant's are the same answer; the participant's own kit says so.
  if (outcome.kind === "no-match")
    return refused({ result: submission.reply({ fieldErrors: { barcode: ["kits.errors.notFound"] } }) }, 404);
  if (outcome.kind === "yours") return refused({ result: submission.reply({ fieldErrors: { barcode: ["kits.errors.yours"] } }) }, 409);
  if (outcome.kind === "too-many")
    return refused({ result: submission.reply(), refusal: { key: "tooMany", minutes: Math.ceil(outcome.retryAfterSeconds / 60) } }, 429);
  if (outcome.kind === "not-allowed") return refused({ result: submission.reply(), refusal: { key: "notAllowed" } }, 409);
  return refused({ result: submission.reply(), refusal: { key: "unavailable" } }, 503);
}

export default function RegisterKitPage({ loaderData, actionData: reply }: Route.ComponentProps) {
  const { t } = useTranslation("dashboard");
  const { kits, latestDay } = loaderData;
  return (
    <TitledPage headingId="register-kit-title" heading={t("kits.title")}>
      <KitRegistrationForm reply={reply} latestDay={latestDay} />
      {kits.length ? (
        <section aria-labelledby="your-kits" className={profile.form}>
          <h2 id="your-kits" className={profile.cardHeading}>
            {t("kits.list.title")}
          </h2>
          <KitList kits={kits} labelledBy="your-kits" />
        </section>
      ) : null}
    </TitledPage>
  );
}
