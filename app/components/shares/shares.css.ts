import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const page = style({ display: "grid", gap: vars.space.lg, maxWidth: "760px", minWidth: 0 });
export const secret = style({
  fontSize: vars.fontSize.lg,
  letterSpacing: "0.08em",
  fontWeight: vars.font.weightBold,
  wordBreak: "break-all",
});
export const link = style({ wordBreak: "break-all" });
export const list = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: vars.space.sm });
export const item = style({
  display: "grid",
  gap: vars.space.xxs,
  padding: vars.space.md,
  border: `1px solid ${vars.color.borderSubtle}`,
  borderRadius: vars.radius.md,
  minWidth: 0,
});
export const reportSection = style({ display: "grid", gap: vars.space.xs });
export const table = style({ borderCollapse: "collapse", width: "100%", maxWidth: "600px" });
export const cell = style({
  textAlign: "start",
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.borderSubtle}`,
});
