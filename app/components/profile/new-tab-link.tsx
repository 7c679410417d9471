import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { visuallyHidden } from "~/styles/global.css";

/** A link that opens in a new tab and says so to screen-reader users. */
export function NewTabLink({ href, children }: { href: string; children?: ReactNode }) {
  const { t } = useTranslation("profile");
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className={visuallyHidden}> {t("studies.opensInNewTab")}</span>
    </a>
  );
}
