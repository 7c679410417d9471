import type { ReactNode } from "react";
import * as styles from "./accordion.css";
import { classNames } from "./class-names";
import { Icon } from "./icon";

export type AccordionIconStyle = "arrow" | "plus";

export type AccordionProps = {
  /** Always-visible heading text of the section. */
  summary: ReactNode;
  /** "arrow" turns a chevron when open; "plus" switches plus to minus. */
  iconStyle?: AccordionIconStyle;
  defaultOpen?: boolean;
  id?: string;
  className?: string;
  children: ReactNode;
};

/** A disclosure built on <details>, so it opens and closes without JavaScript. */
export function Accordion({ summary, iconStyle = "arrow", defaultOpen = false, id, className, children }: AccordionProps) {
  return (
    <details id={id} className={classNames(styles.details, className)} open={defaultOpen}>
      <summary className={styles.summary}>
        <span className={styles.summaryText}>{summary}</span>
        {iconStyle === "arrow" ? (
          <Icon name="chevron-down" className={classNames(styles.indicator, styles.arrowIndicator)} />
        ) : (
          <>
            <Icon name="plus" className={classNames(styles.indicator, styles.whenClosed)} />
            <Icon name="minus" className={classNames(styles.indicator, styles.whenOpen)} />
          </>
        )}
      </summary>
      <div className={styles.content}>{children}</div>
    </details>
  );
}
