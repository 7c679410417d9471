import { useTranslation } from "~/i18n/react";
import { visuallyHidden } from "~/styles/global.css";
import { classNames } from "./class-names";
import * as styles from "./spinner.css";

export type SpinnerProps = {
  /** Announced to assistive technology; defaults to "Loading…". */
  label?: string;
  size?: keyof typeof styles.glyphSize;
};

export function Spinner({ label, size = "medium" }: SpinnerProps) {
  const { t } = useTranslation("ui");
  return (
    <span role="status" className={styles.wrapper}>
      <span className={classNames(styles.glyph, styles.glyphSize[size])} aria-hidden="true" />
      <span className={visuallyHidden}>{label ?? t("loading")}</span>
    </span>
  );
}
