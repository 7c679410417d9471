import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const page = style({ display: "grid", gap: vars.space.lg, maxWidth: "48rem", minWidth: 0 });
export const title = style({ fontSize: vars.fontSize.xxl, lineHeight: vars.lineHeight.xxl, margin: 0 });
export const section = style({ display: "grid", gap: vars.space.sm });
export const heading = style({ fontSize: vars.fontSize.xl, lineHeight: vars.lineHeight.xl, margin: 0 });
export const paragraph = style({ margin: 0 });
export const list = style({ margin: 0, paddingInlineStart: vars.space.lg, display: "grid", gap: vars.space.xs });
export const form = style({ display: "grid", gap: 0 });
