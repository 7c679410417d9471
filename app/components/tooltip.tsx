import { cloneElement, useId, useState, type KeyboardEvent, type ReactElement, type ReactNode } from "react";
import { describedBy } from "./described-by";
import * as styles from "./tooltip.css";

export type TooltipProps = {
  /** The supplementary text; the trigger's own name must make sense without it. */
  text: ReactNode;
  /** A single focusable element (a button or link). */
  children: ReactElement<{ "aria-describedby"?: string }>;
  placement?: keyof typeof styles.placement;
  id?: string;
};

/** `text` while the trigger is hovered or focused (pure CSS); with JavaScript, Escape hides it until they leave. */
export function Tooltip({ text, children, placement = "top", id }: TooltipProps) {
  const generatedId = useId();
  const tooltipId = id ?? generatedId;
  const [dismissed, setDismissed] = useState(false);

  function handleKeyDown(event: KeyboardEvent<HTMLSpanElement>) {
    if (event.key !== "Escape" || dismissed) return;
    // The first Escape belongs to the tooltip, not to a modal around it.
    event.stopPropagation();
    setDismissed(true);
  }

  const trigger = cloneElement(children, {
    "aria-describedby": describedBy(children.props["aria-describedby"], tooltipId),
  });

  return (
    // Escape pressed on the focused trigger bubbles here; the wrapper itself takes no focus.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <span
      className={styles.anchor}
      data-dismissed={dismissed ? "" : undefined}
      onKeyDown={handleKeyDown}
      onMouseLeave={() => setDismissed(false)}
      onBlur={() => setDismissed(false)}
    >
      {trigger}
      <span role="tooltip" id={tooltipId} className={`${styles.bubble} ${styles.placement[placement]}`}>
        {text}
      </span>
    </span>
  );
}
