import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const form = style({ display: "flex", gap: vars.space.xxs });

const base = {
  minHeight: vars.size.touchTarget,
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  cursor: "pointer",
  border: `1px solid ${vars.color.onPrimary}`,
} as const;

export const option = style({ ...base, background: "transparent", color: vars.color.onPrimary });

export const current = style({ ...base, background: vars.color.onPrimary, color: vars.color.primary, fontWeight: vars.font.weightBold });
