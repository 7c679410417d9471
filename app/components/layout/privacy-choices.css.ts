import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const tabs = style({
  display: "flex",
  // At 320px, with a participant's wider text spacing, the second tab goes to a new line, never off the edge.
  flexWrap: "wrap",
  gap: vars.space.xs,
  borderBottom: `1px solid ${vars.color.border}`,
  marginBottom: vars.space.md,
});

const tabBase = {
  padding: `${vars.space.xs} ${vars.space.md}`,
  textDecoration: "none",
  borderBottom: "3px solid transparent",
} as const;

export const tab = style(tabBase);
export const activeTab = style({ ...tabBase, borderBottomColor: vars.color.primary, fontWeight: vars.font.weightBold });
export const panel = style({ display: "grid", gap: vars.space.md });
export const page = style({ display: "grid", gap: vars.space.lg, maxWidth: "40rem" });
export const hint = style({ gridColumn: "2", margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const saveButton = style({
  justifySelf: "start",
  minHeight: vars.size.touchTarget,
  padding: `0 ${vars.space.lg}`,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  border: "none",
  borderRadius: vars.radius.pill,
  fontWeight: vars.font.weightBold,
  cursor: "pointer",
});

export const saveRow = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space.md });
export const savedNote = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  color: vars.color.success.text,
  background: vars.color.success.background,
  borderLeft: `4px solid ${vars.color.success.border}`,
});
