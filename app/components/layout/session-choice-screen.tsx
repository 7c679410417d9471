import { Button, buttonLook } from "~/components/button";
import { useTranslation } from "~/i18n/react";
import { MessageScreen } from "./error-screens";
import * as styles from "./error-screens.css";

/** Asked before who is signed in here changes: a GET never swaps a session, so the change is a POST the visitor chooses. */
export type SessionChoice = { kind: "open-results-link"; accessToken: string } | { kind: "leave-results-link"; returnTo: string };

export function SessionChoiceScreen({ choice }: { choice: SessionChoice }) {
  const { t } = useTranslation("auth");
  const opening = choice.kind === "open-results-link";
  return (
    <MessageScreen headingId="session-choice-title" heading={t(opening ? "sessionChoice.resultsLinkTitle" : "sessionChoice.signInTitle")}>
      <p className={styles.body}>{t(opening ? "sessionChoice.resultsLinkBody" : "sessionChoice.signInBody")}</p>
      <form method="post" action={opening ? "/results-link" : "/auth/sign-in"}>
        {opening ? (
          <input type="hidden" name="access_token" value={choice.accessToken} />
        ) : (
          <input type="hidden" name="returnTo" value={choice.returnTo} />
        )}
        <Button type="submit">{t(opening ? "sessionChoice.openLink" : "sessionChoice.signInAction")}</Button>
      </form>
      <a href="/" className={buttonLook.outlined}>
        {t(opening ? "sessionChoice.keepCurrent" : "sessionChoice.backToResults")}
      </a>
    </MessageScreen>
  );
}
