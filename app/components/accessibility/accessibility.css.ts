import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export { heading as title, cardHeading as heading } from "~/components/profile/profile.css";

export const page = style({ display: "grid", gap: vars.space.lg, maxWidth: "48rem", minWidth: 0 });
export const section = style({ display: "grid", gap: vars.space.sm });
export const list = style({ margin: 0, paddingInlineStart: vars.space.lg, display: "grid", gap: vars.space.xs });
export const form = style({ display: "grid", gap: 0 });
