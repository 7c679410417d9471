import { data } from "react-router";
import * as profile from "~/components/profile/profile.css";
import { ShareList } from "~/components/shares/share-list";
import { TitledPage } from "~/components/titled-page";
import { pageTitle } from "~/i18n/page-title";
import { useTranslation } from "~/i18n/react";
import { languageOf, translations } from "~/services/language.server";
import { listShares, reportLabels } from "~/services/report-shares.server";
import { participantSession, serverTimeZone } from "~/services/session.server";
import type { Route } from "./+types/_portal.shares._index";

export const middleware: Route.MiddlewareFunction[] = [translations("shares")];

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "shares", "list.title");

/** Every report the participant has shared, each linked to its own page. */
export async function loader({ context }: Route.LoaderArgs) {
  const session = participantSession(context);
  const [shares, labels] = await Promise.all([listShares(session), reportLabels(session, languageOf(context))]);
  if (shares === null) throw data(null, { status: 503 });
  return data({ shares, labels: labels ?? {}, serverTimeZone });
}

export default function SharedReportsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("shares");
  const { shares, labels, serverTimeZone: zone } = loaderData;
  return (
    <TitledPage headingId="shares-title" heading={t("list.title")}>
      <p className={profile.paragraph}>{t("list.intro")}</p>
      {shares.length ? (
        <ShareList shares={shares} labels={labels} serverTimeZone={zone} />
      ) : (
        <p className={profile.paragraph}>{t("list.empty")}</p>
      )}
    </TitledPage>
  );
}
