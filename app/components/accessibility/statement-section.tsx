import type { ReactNode } from "react";
import * as styles from "./accessibility.css";

/** A part of the accessibility page: a region named by its heading. */
export function StatementSection({ headingId, heading, children }: { headingId: string; heading: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={headingId} className={styles.section}>
      <h2 id={headingId} className={styles.heading}>
        {heading}
      </h2>
      {children}
    </section>
  );
}
