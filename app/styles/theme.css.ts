import { createGlobalTheme } from "@vanilla-extract/css";
import { palette } from "./palette";

export const vars = createGlobalTheme(":root", {
  color: {
    ...palette.brand,
    ...palette.neutral,
    backdrop: "rgb(28 34 48 / 0.6)",
    focusRing: palette.focus.ring,
    focusHalo: palette.focus.halo,
    info: palette.info,
    success: palette.success,
    warning: palette.warning,
    error: palette.error,
  },
  font: {
    family: "'Inter Variable', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
    weightRegular: "400",
    weightMedium: "500",
    weightBold: "700",
  },
  fontSize: {
    sm: "0.875rem",
    md: "1rem",
    lg: "1.125rem",
    xl: "1.375rem",
    xxl: "1.75rem",
    xxxl: "2.25rem",
  },
  lineHeight: {
    sm: "1.25rem",
    md: "1.5rem",
    lg: "1.75rem",
    xl: "1.875rem",
    xxl: "2.25rem",
    xxxl: "2.75rem",
  },
  space: {
    xxs: "0.25rem",
    xs: "0.5rem",
    sm: "0.75rem",
    md: "1rem",
    lg: "1.5rem",
    xl: "2rem",
    xxl: "3rem",
  },
  radius: {
    sm: "4px",
    md: "8px",
    lg: "12px",
    pill: "999px",
  },
  shadow: {
    sm: "0 1px 2px rgb(28 34 48 / 0.12)",
    md: "0 4px 12px rgb(28 34 48 / 0.16)",
    lg: "0 12px 32px rgb(28 34 48 / 0.24)",
  },
  focus: {
    ringWidth: "3px",
    ringOffset: "2px",
  },
  zIndex: {
    dropdown: "100",
    modal: "400",
    tooltip: "600",
  },
  size: {
    inputMaxWidth: "388px",
    controlHeight: "48px",
    touchTarget: "44px",
  },
});
