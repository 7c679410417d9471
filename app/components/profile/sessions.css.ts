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
