import { style } from "@vanilla-extract/css";
import { media } from "~/styles/breakpoints";
import { vars } from "~/styles/theme.css";

export { visuallyHidden } from "~/styles/global.css";

export const footer = style({ background: vars.color.surfaceMuted, color: vars.color.text, marginTop: vars.space.xxl });

export const inner = style({
  maxWidth: "1366px",
  margin: "0 auto",
  padding: `${vars.space.xl} ${vars.space.md}`,
  display: "grid",
  gap: vars.space.xl,
  "@media": { [media.desktopUp]: { gridTemplateColumns: "1fr 3fr" } },
});

export const brand = style({ display: "grid", gap: vars.space.sm, alignContent: "start" });
export const logo = style({ color: vars.color.primary });
export const socialHeading = style({ margin: 0, fontWeight: vars.font.weightBold });
export const socialList = style({ listStyle: "none", margin: 0, padding: 0, display: "flex", gap: vars.space.md, flexWrap: "wrap" });

export const columns = style({
  display: "grid",
  gap: vars.space.lg,
  "@media": { [media.desktopUp]: { gridTemplateColumns: "repeat(3, 1fr)" } },
});

export const columnHeading = style({ fontSize: vars.fontSize.lg, margin: `0 0 ${vars.space.sm}` });
export const list = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: vars.space.xs });

export const link = style({ color: vars.color.primary, textUnderlineOffset: "3px" });

export const bottom = style({
  maxWidth: "1366px",
  margin: "0 auto",
  padding: `${vars.space.md} ${vars.space.md} ${vars.space.xl}`,
  borderTop: `1px solid ${vars.color.border}`,
  display: "grid",
  gap: vars.space.sm,
  fontSize: vars.fontSize.sm,
});

export const legalList = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  "@media": { [media.desktopUp]: { flexDirection: "row", flexWrap: "wrap", gap: vars.space.lg } },
});

export const privacyChoicesButton = style({
  display: "inline-block",
  fontWeight: vars.font.weightBold,
  border: `1px solid ${vars.color.primary}`,
  borderRadius: vars.radius.pill,
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  textDecoration: "none",
});

export const legalLine = style({ margin: 0, color: vars.color.textMuted });
