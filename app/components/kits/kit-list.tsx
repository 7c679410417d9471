import { calendarDate } from "~/domain/calendar-date";
import { formatKitBarcode, type Kit } from "~/domain/kit-registration";
import { useTranslation } from "~/i18n/react";
import * as styles from "./kits.css";

/** The participant's kits, newest first: each barcode as printed on its box, and the day its sample was collected. */
export function KitList({ kits, labelledBy }: { kits: readonly Kit[]; labelledBy: string }) {
  const { t, i18n } = useTranslation("dashboard");
  return (
    <ul className={styles.kitList} aria-labelledby={labelledBy}>
      {kits.map((kit) => (
        <li key={kit.barcode} className={styles.kitItem}>
          <span className={styles.barcode}>{t("kits.list.kit", { barcode: formatKitBarcode(kit.barcode) })}</span>
          <span className={styles.kitFacts}>{t("kits.list.collectedOn", { date: calendarDate(kit.collectedOn, i18n.language) })}</span>
        </li>
      ))}
    </ul>
  );
}
