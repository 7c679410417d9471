import { useTranslation } from "~/i18n/react";
import { visuallyHidden } from "~/styles/global.css";
import { classNames } from "./class-names";
import * as styles from "./spinner.css";

type SpinnerSize = keyof typeof styles.glyphSize;

export type SpinnerProps = {
  /** Announced to assistive technology; defaults to "Loading…". */
  label?: string;
  size?: SpinnerSize;
  className?: string;
};

export function Spinner({ label, size = "medium", className }: SpinnerProps) {
  const { t } = useTranslation("ui");
  return (
    <span role="status" className={classNames(styles.wrapper, className)}>
      <span className={classNames(styles.glyph, styles.glyphSize[size])} aria-hidden="true" />
      <span className={visuallyHidden}>{label ?? t("loading")}</span>
    </span>
  );
}
