import type { ReactNode } from "react";
import { LineIcon } from "~/components/icon";
import type { ResultIconName } from "~/domain/result-icons";
import * as styles from "./dashboard.css";

const shapes: Record<Exclude<ResultIconName, "">, ReactNode> = {
  health: <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10Z" />,
  traits: <path d="M8 3c0 6 8 6 8 12s-8 3-8 6M16 3c0 6-8 6-8 12M9 7h6M9 17h6" />,
  ancestry: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c3 3.5 3 14.5 0 18M12 3c-3 3.5-3 14.5 0 18" />
    </>
  ),
  wellness: <path d="M12 21c-5-2-8-6-8-11 4 0 7 2 8 5 1-3 4-5 8-5 0 5-3 9-8 11Zm0-6V3" />,
  download: <path d="M12 4v11m0 0-4-4m4 4 4-4M5 20h14" />,
};

/** An app with no type (SPEC.md §3's empty icon name) still shows a report, so no card has a blank gap. */
const genericReport = <path d="M7 3h7l4 4v14H7Zm7 0v4h4M10 12h5M10 16h5" />;

/** A result card's icon by type (SPEC.md §3); the empty name draws a plain report sheet. */
export function ResultIcon({ name }: { name: ResultIconName }) {
  return (
    <LineIcon className={styles.resultIcon} data-result-icon={name}>
      {name ? shapes[name] : genericReport}
    </LineIcon>
  );
}
