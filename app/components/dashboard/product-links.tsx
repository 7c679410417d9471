import type { MouseEvent } from "react";
import { useHydrated } from "~/components/use-hydrated";
import type { ProductCard } from "~/domain/product-cards";
import { useTranslation } from "~/i18n/react";
import * as styles from "./dashboard.css";
import { englishOnlyNoticeHref, type PendingNotice } from "./english-only-notice";

type Props = {
  card: ProductCard;
  label: string;
  /** Spanish pages send each link through the English-only notice first (SPEC.md §2). */
  needsEnglishOnlyNotice: boolean;
  onNotice: (notice: PendingNotice) => void;
};

/** SPEC.md §2 'Product cards by app name': the health portal or store link, and the consent link. */
export function ProductLinks({ card, label, needsEnglishOnlyNotice, onNotice }: Props) {
  const { t } = useTranslation("dashboard");
  const hydrated = useHydrated();
  const links = [
    { kind: "product" as const, text: t(`products.${card.destination}`), url: card.url },
    ...(card.consentUrl ? [{ kind: "consent" as const, text: t("products.consent"), url: card.consentUrl }] : []),
  ];

  return (
    <ul className={styles.productLinks}>
      {links.map((link) => {
        const name = `${link.text}: ${label}`;
        function showNotice(event: MouseEvent<HTMLAnchorElement>) {
          if (!hydrated) return;
          event.preventDefault();
          onNotice({ url: link.url, label: name });
        }
        const linkProps = needsEnglishOnlyNotice
          ? {
              href: englishOnlyNoticeHref(card.appName, link.kind),
              "aria-label": name,
              "aria-haspopup": hydrated ? ("dialog" as const) : undefined,
              onClick: showNotice,
            }
          : { href: link.url, target: "_blank", rel: "noopener noreferrer", "aria-label": `${name} ${t("products.opensInNewTab")}` };
        return (
          <li key={link.kind}>
            <a {...linkProps} data-link={link.kind}>
              {link.text}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
