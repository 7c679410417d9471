import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** The camera scan under the barcode field: a button, then the camera's view at most 480 px wide. */
export const scan = style({ display: "grid", gap: vars.space.xs, justifyItems: "start" });
export const video = style({ width: "100%", maxWidth: "480px", borderRadius: vars.radius.md, backgroundColor: "#000" });
export const barcode = style({ fontVariantNumeric: "tabular-nums", letterSpacing: "0.04em", whiteSpace: "nowrap" });
export const kitList = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: vars.space.xs });
export const kitItem = style({ display: "grid", gap: vars.space.xxs, minWidth: 0 });
export const kitFacts = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
