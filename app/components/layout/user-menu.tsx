import { Form, Link } from "react-router";
import { useTranslation } from "~/i18n/react";
import * as styles from "./header.css";
import { StaySignedInForm, useSessionEndTime } from "./session-ending";
import { useDismissableDetails } from "./use-dismissable-details";
import type { Participant, Visitor } from "./visitor";

export function SignOutForm({ className, label }: { className?: string; label?: string }) {
  const { t } = useTranslation();
  return (
    <Form method="post" action="/auth/sign-out" className={className}>
      <button type="submit" className={styles.menuButton}>
        {label ?? t("header.logOut")}
      </button>
    </Form>
  );
}

/** Profile overview, staying signed in and log out: the participant's account items, in the desktop and mobile menus. */
export function AccountMenuItems({ linkClassName, visitor }: { linkClassName: string; visitor: Participant }) {
  const { t } = useTranslation();
  return (
    <ul className={styles.userMenuList}>
      <li>
        <p className={styles.menuNote}>{t("header.signedInUntil", { time: useSessionEndTime(visitor) })}</p>
        <StaySignedInForm />
      </li>
      <li>
        <Link to="/profile/overview" className={linkClassName}>
          {t("header.profileOverview")}
        </Link>
      </li>
      <li>
        <SignOutForm />
      </li>
    </ul>
  );
}

/** A <details> disclosure: opens and closes without JavaScript; with it, Escape and a click outside close it too. */
export function UserMenu({ visitor }: { visitor: Visitor }) {
  const { t } = useTranslation();
  const menu = useDismissableDetails();
  if (visitor.kind === "results-link") return <SignOutForm />;
  return (
    <details ref={menu} className={styles.userMenu}>
      <summary className={styles.userMenuSummary} aria-label={t("header.userMenu", { name: visitor.fullName })}>
        <span className={styles.userName}>{visitor.fullName}</span>
      </summary>
      <AccountMenuItems linkClassName={styles.menuLink} visitor={visitor} />
    </details>
  );
}
