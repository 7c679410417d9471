import { buttonLook } from "~/components/button";
import { Modal } from "~/components/modal";
import { useTranslation } from "~/i18n/react";
import * as styles from "./dashboard.css";

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
        <p>{t("englishOnly.body")}</p>
        <div className={styles.actions}>
          {notice ? (
            <a
              href={notice.url}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonLook.filled}
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

/** Without JavaScript the same notice is a page of its own: on to the same place, or back to My Results. */
export function EnglishOnlyNoticePage({ url }: { url: string }) {
  const { t } = useTranslation("dashboard");
  return (
    <section className={styles.interstitial} aria-labelledby="english-only-title">
      <h1 id="english-only-title" className={styles.headline}>
        {t("englishOnly.title")}
      </h1>
      <p>{t("englishOnly.body")}</p>
      <div className={styles.actions}>
        <a href={url} className={buttonLook.filled}>
          {t("englishOnly.continue")}
        </a>
        <a href="/" className={buttonLook.outlined}>
          {t("englishOnly.back")}
        </a>
      </div>
    </section>
  );
}
