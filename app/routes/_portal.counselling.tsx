import { data, Form } from "react-router";
import { Button } from "~/components/button";
import * as styles from "~/components/counselling/counselling.css";
import { LinkLine } from "~/components/profile/profile-card";
import * as profile from "~/components/profile/profile.css";
import * as shares from "~/components/shares/shares.css";
import { TitledPage } from "~/components/titled-page";
import { COUNSELLING_PATH, isOpen, type CounsellingRequest } from "~/domain/counselling";
import type { Language } from "~/i18n/languages";
import { pageTitle } from "~/i18n/page-title";
import { useTranslation } from "~/i18n/react";
import { cancelCounsellingRequest, listCounsellingRequests, reportNames } from "~/services/counselling.server";
import { redirectWithNotice } from "~/services/flash.server";
import { readForm } from "~/services/form-body.server";
import { languageOf, translations } from "~/services/language.server";
import { assertSameOrigin } from "~/services/same-origin.server";
import { participantSession } from "~/services/session.server";
import type { Route } from "./+types/_portal.counselling";

export const middleware: Route.MiddlewareFunction[] = [translations("counselling")];

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "counselling", "list.title");

/**
 * Times are written here, on the server, in the request's own time zone (the one the participant
 * chose), so the page reads the same with and without JavaScript.
 */
function written(request: CounsellingRequest, language: Language) {
  const inZone = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(language, { timeZone: request.timeZone, ...options });
  const day = inZone({ weekday: "long", day: "numeric", month: "long", year: "numeric" });
  const time = inZone({ hour: "numeric", minute: "2-digit" });
  const moment = (at: string) => `${day.format(new Date(at))}, ${time.format(new Date(at))}`;
  return {
    ...request,
    zoneName: request.timeZone.replaceAll("_", " "),
    windowsText: request.windows.map((w) => `${day.format(new Date(w.start))}, ${time.formatRange(new Date(w.start), new Date(w.end))}`),
    scheduledText: request.scheduledFor ? moment(request.scheduledFor) : null,
    createdText: day.format(new Date(request.createdAt)),
  };
}

export async function loader({ context }: Route.LoaderArgs) {
  const session = participantSession(context);
  const language = languageOf(context);
  const [requests, names] = await Promise.all([listCounsellingRequests(session), reportNames(session, language)]);
  if (requests === null) throw data(null, { status: 503 });
  return data({ requests: requests.map((r) => ({ ...written(r, language), reportLabel: names[r.appId] ?? r.appId })) });
}

/** 'Cancel this request': a plain form POST naming the request. */
export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const session = participantSession(context);
  const form = await readForm(request);
  const requestId = form.get("requestId");
  if (form.get("intent") !== "cancel" || typeof requestId !== "string" || !requestId) return data(null, { status: 400 });
  const cancelled = await cancelCounsellingRequest(session, requestId);
  if (cancelled === "not-found") throw data(null, { status: 404 });
  return redirectWithNotice(
    COUNSELLING_PATH,
    cancelled === "unavailable"
      ? { type: "error", titleKey: "counselling:list.cancelFailedTitle", bodyKey: "counselling:list.cancelFailedBody" }
      : {
          type: "success",
          titleKey: cancelled.state === "cancelled" ? "counselling:list.cancelledNotice" : "counselling:list.notOpenNotice",
        },
  );
}

export default function CounsellingPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("counselling");
  const { requests } = loaderData;
  return (
    <TitledPage headingId="counselling-list-title" heading={t("list.title")}>
      <p className={profile.paragraph}>{t("list.intro")}</p>
      {requests.length === 0 ? (
        <p className={profile.paragraph}>{t("list.empty")}</p>
      ) : (
        <ul className={shares.list}>
          {requests.map((request) => (
            <li key={request.id} className={shares.item} data-counselling-request={request.state}>
              <h2 className={profile.cardHeading}>{request.reportLabel}</h2>
              <dl className={styles.facts}>
                <dt className={styles.factName}>{t("list.state")}</dt>
                <dd className={styles.factValue}>{t(`state.${request.state}`)}</dd>
                {request.scheduledText ? (
                  <>
                    <dt className={styles.factName}>{t(request.state === "done" ? "list.heldOn" : "list.scheduledFor")}</dt>
                    <dd className={styles.factValue}>{t("list.inZone", { when: request.scheduledText, zone: request.zoneName })}</dd>
                  </>
                ) : null}
                <dt className={styles.factName}>{t("list.asked")}</dt>
                <dd className={styles.factValue}>{request.createdText}</dd>
                <dt className={styles.factName}>{t("list.how")}</dt>
                <dd className={styles.factValue}>
                  {t(`contact.${request.contact}`)}, {t(`language.${request.language}`)}
                </dd>
                <dt className={styles.factName}>{t("list.when", { zone: request.zoneName })}</dt>
                <dd className={styles.factValue}>
                  <ul className={styles.windowsList}>
                    {request.windowsText.map((text) => (
                      <li key={text}>{text}</li>
                    ))}
                  </ul>
                </dd>
                {request.note ? (
                  <>
                    <dt className={styles.factName}>{t("list.note")}</dt>
                    <dd className={styles.factValue}>{request.note}</dd>
                  </>
                ) : null}
              </dl>
              {isOpen(request) ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="cancel" />
                  <input type="hidden" name="requestId" value={request.id} />
                  <Button type="submit" variant="outlined" aria-label={t("list.cancelNamed", { report: request.reportLabel })}>
                    {t("list.cancel")}
                  </Button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <LinkLine to="/">{t("list.back")}</LinkLine>
    </TitledPage>
  );
}
