import { globalStyle, style } from "@vanilla-extract/css";
import { media } from "~/styles/breakpoints";
import { vars } from "~/styles/theme.css";

export const header = style({ background: vars.color.primary, color: vars.color.onPrimary });

/** On navy the blue ring alone is 1.8:1: a white band around it keeps every focus indicator above 3:1 (WCAG 1.4.11). */
globalStyle(`${header} :focus-visible`, {
  outline: `${vars.focus.ringWidth} solid ${vars.color.focusRing}`,
  outlineOffset: 0,
  boxShadow: `0 0 0 calc(${vars.focus.ringWidth} * 2) ${vars.color.focusHalo}`,
});

export const skipLink = style({
  position: "absolute",
  left: vars.space.md,
  top: "-100px",
  padding: vars.space.xs,
  background: vars.color.surface,
  color: vars.color.primary,
  zIndex: vars.zIndex.tooltip,
  selectors: { "&:focus": { top: vars.space.xs } },
});

export const bar = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.md,
  maxWidth: "1366px",
  margin: "0 auto",
  padding: `${vars.space.sm} ${vars.space.md}`,
  minHeight: "64px",
  position: "relative",
});

export const logoLink = style({ color: vars.color.onPrimary, display: "inline-flex", marginRight: "auto" });

export const desktopOnly = style({
  display: "none",
  alignItems: "center",
  gap: vars.space.lg,
  "@media": { [media.desktopUp]: { display: "flex" } },
});

export const primaryNav = style({ display: "flex", gap: vars.space.md });

const onPrimaryLink = {
  color: vars.color.onPrimary,
  fontWeight: vars.font.weightMedium,
  textUnderlineOffset: "4px",
} as const;

export const navLink = style(onPrimaryLink);

export const userMenu = style({ position: "relative" });

/** A menu's summary: no disclosure marker, a touch target's height. */
export const mobileMenuSummary = style({
  cursor: "pointer",
  listStyle: "none",
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xs,
  minHeight: vars.size.touchTarget,
  padding: `0 ${vars.space.sm}`,
  selectors: { "&::-webkit-details-marker": { display: "none" } },
});

export const userMenuSummary = style([mobileMenuSummary, { borderRadius: vars.radius.sm, selectors: { "&::after": { content: '"▾"' } } }]);

export const userName = style({ fontWeight: vars.font.weightMedium });

export const userMenuList = style({
  listStyle: "none",
  margin: 0,
  padding: vars.space.xs,
  display: "grid",
  gap: vars.space.xxs,
});

globalStyle(`${userMenu} > ${userMenuList}`, {
  position: "absolute",
  right: 0,
  top: "100%",
  minWidth: "220px",
  background: vars.color.surface,
  color: vars.color.text,
  boxShadow: vars.shadow.md,
  borderRadius: vars.radius.md,
  zIndex: vars.zIndex.dropdown,
});

/** A line of information in an account menu (not a control). */
export const menuNote = style({ margin: 0, padding: vars.space.sm, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const menuLink = style({
  display: "block",
  padding: vars.space.sm,
  textDecoration: "none",
  selectors: { "&:hover": { textDecoration: "underline" } },
});

export const menuButton = style({
  all: "unset",
  boxSizing: "border-box",
  display: "block",
  width: "100%",
  padding: vars.space.sm,
  cursor: "pointer",
  fontWeight: vars.font.weightMedium,
  selectors: {
    "&:hover": { textDecoration: "underline" },
  },
});

export const mobileMenu = style({ "@media": { [media.desktopUp]: { display: "none" } } });

export const mobilePanel = style({
  position: "absolute",
  left: 0,
  right: 0,
  top: "100%",
  background: vars.color.primary,
  padding: vars.space.md,
  display: "grid",
  gap: vars.space.md,
  zIndex: vars.zIndex.dropdown,
  boxShadow: vars.shadow.md,
});

export const mobileLink = style({ ...onPrimaryLink, display: "block", padding: `${vars.space.xs} 0` });

// In the navy mobile panel the account items line up with the links, and the note is white like the panel's text.
globalStyle(`${mobilePanel} ${userMenuList}`, { padding: 0 });
globalStyle(`${mobilePanel} ${menuNote}, ${mobilePanel} ${menuButton}`, { padding: `${vars.space.xs} 0` });
globalStyle(`${mobilePanel} ${menuNote}`, { color: vars.color.onPrimary });

export const subMenuSummary = style({
  cursor: "pointer",
  fontWeight: vars.font.weightMedium,
  minHeight: vars.size.touchTarget,
  display: "flex",
  alignItems: "center",
});
