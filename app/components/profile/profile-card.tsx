import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "~/i18n/react";
import * as styles from "./profile.css";

export type ProfileCardProps = {
  headingId: string;
  heading: ReactNode;
  /** 1 where the card is the page's own content, 2 where it is one card of several. */
  level: 1 | 2;
  id?: string;
  /** Its content is on its way (aria-busy). */
  busy?: boolean;
  children: ReactNode;
};

/** A card of My Account: a region named by its heading. */
export function ProfileCard({ headingId, heading, level, id, busy, children }: ProfileCardProps) {
  const Heading = level === 1 ? "h1" : "h2";
  return (
    <section id={id} aria-labelledby={headingId} aria-busy={busy || undefined} className={styles.card}>
      <Heading id={headingId} className={styles.cardHeading}>
        {heading}
      </Heading>
      {children}
    </section>
  );
}

/** A link on a line of its own: the way on, or back, from a page or card. */
export function LinkLine({ to, children }: { to: string; children: ReactNode }) {
  return (
    <p>
      <Link to={to} className={styles.textLink}>
        {children}
      </Link>
    </p>
  );
}

/** A card of Personal Information leading to a page of its own; its texts are the keys `card`.title, .body and .link. */
export function LinkCard({ card, headingId, to }: { card: string; headingId: string; to: string }) {
  const { t } = useTranslation();
  return (
    <ProfileCard headingId={headingId} heading={t(`${card}.title`)} level={2}>
      <p>{t(`${card}.body`)}</p>
      <LinkLine to={to}>{t(`${card}.link`)}</LinkLine>
    </ProfileCard>
  );
}
