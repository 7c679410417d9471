import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** 'This device' beside the device's name. */
export const thisDeviceTag = style({
  display: "inline-block",
  marginInlineStart: vars.space.xs,
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.pill,
  background: vars.color.success.background,
  color: vars.color.success.text,
  border: `1px solid ${vars.color.success.border}`,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
  fontWeight: vars.font.weightMedium,
});

export const sessionName = style({ overflowWrap: "anywhere" });

/** Term and value side by side, stacked below 360 px (Spanish needs 237 px side by side; a 320 px screen leaves 204). */
export const sessionFacts = style({
  overflowWrap: "anywhere",
  "@media": { "screen and (max-width: 359.98px)": { gridTemplateColumns: "minmax(0, 1fr)" } },
});
