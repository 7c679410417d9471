import { buttonClassName } from "~/components/button";
import { Modal } from "~/components/modal";
import { useTranslation } from "~/i18n/react";
import * as styles from "./dashboard.css";
import { Interstitial } from "./interstitial";

export type PendingNotice = { url: string; label: string };

/** The query that addresses the notice page for one product link (no JavaScript). */
export function englishOnlyNoticeHref(appName: string, link: "product" | "consent"): string {
  return `/results/english-only?${new URLSearchParams({ app: appName, link }).toString()}`;
}

/** SPEC.md §2: with JavaScript, the English-only-content notice is a modal; Continue opens the page. */
export function EnglishOnlyNoticeModal({ notice, open, onClose }: { notice: PendingNotice | null; open: boolean; onClose: () => void }) {
  const { t } = useTranslation("dashboard");
  return (
    <Modal open={open && notice !== null} title={t("englishOnly.title")} size="small" onClose={onClose}>
      <div className={styles.modalBody}>
        <p className={styles.timelineText}>{t("englishOnly.body")}</p>
        <div className={styles.actions}>
          {notice ? (
            <a
              href={notice.url}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClassName({ variant: "filled" })}
              aria-label={`${t("englishOnly.continue")}: ${notice.label} ${t("products.opensInNewTab")}`}
              onClick={onClose}
            >
              {t("englishOnly.continue")}
            </a>
          ) : null}
        </div>
      </div>
    </Modal>
  );
}

/** Without JavaScript the same notice is a page of its own, continuing to the same place. */
export function EnglishOnlyNoticePage({ url }: { url: string }) {
  const { t } = useTranslation("dashboard");
  return (
    <Interstitial id="english-only" title={t("englishOnly.title")} continueTo={url} continueLabel={t("englishOnly.continue")}>
      <p className={styles.timelineText}>{t("englishOnly.body")}</p>
    </Interstitial>
  );
}
