import type { ReactNode } from "react";
import { buttonClassName } from "~/components/button";
import { useTranslation } from "~/i18n/react";
import * as styles from "./dashboard.css";

/** A page between the dashboard and somewhere else (no JavaScript): what to know, then on, or back to My Results. */
export function Interstitial({
  id,
  title,
  continueTo,
  continueLabel,
  opensInNewTab = false,
  children,
}: {
  id: string;
  title: string;
  continueTo: string;
  continueLabel: string;
  /** SPEC.md §4: reports open in a new tab; the link says so in words, not only to screen readers. */
  opensInNewTab?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation("dashboard");
  const titleId = `${id}-title`;
  return (
    <section className={styles.interstitial} aria-labelledby={titleId}>
      <h1 id={titleId} className={styles.headline}>
        {title}
      </h1>
      {children}
      <div className={styles.actions}>
        <a
          href={continueTo}
          className={buttonClassName({ variant: "filled" })}
          {...(opensInNewTab ? { target: "_blank", rel: "noopener noreferrer" } : {})}
        >
          {opensInNewTab ? `${continueLabel} ${t("products.opensInNewTab")}` : continueLabel}
        </a>
        <a href="/" className={buttonClassName({ variant: "outlined" })}>
          {t("englishOnly.back")}
        </a>
      </div>
    </section>
  );
}
