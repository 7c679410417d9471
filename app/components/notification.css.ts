import { globalStyle, style, styleVariants } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

const base = style({
  display: "flex",
  alignItems: "flex-start",
  gap: vars.space.sm,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  borderLeftWidth: "6px",
  borderLeftStyle: "solid",
  boxShadow: vars.shadow.sm,
});

// Links in a notification take its tone's text colour, which is checked for contrast on its background.
globalStyle(`${base} a`, { color: "inherit" });

function toneStyle(tone: { text: string; background: string; border: string }) {
  return [base, { backgroundColor: tone.background, color: tone.text, borderLeftColor: tone.border }];
}

export const tone = styleVariants({
  info: toneStyle(vars.color.info),
  success: toneStyle(vars.color.success),
  warning: toneStyle(vars.color.warning),
  error: toneStyle(vars.color.error),
});

export const typeIcon = style({ marginTop: "2px" });

export const texts = style({
  flex: 1,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xxs,
  minWidth: 0,
});

export const header = style({
  fontWeight: vars.font.weightBold,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.md,
});

export const body = style({
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
});

export const closeControl = style({
  flexShrink: 0,
  margin: `calc(-1 * ${vars.space.xs})`,
  color: "inherit",
});

export const list = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
});

/** One live region of the list (errors, or the rest): laid out as part of the list's column. */
export const region = style([list, { selectors: { "&:empty": { display: "none" } } }]);
