import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const wrapper = style({
  position: "relative",
  width: "100%",
  maxWidth: vars.size.inputMaxWidth,
});

const controlLook = {
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.xs,
  width: "100%",
  minHeight: vars.size.controlHeight,
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.md,
  textAlign: "left",
} as const;

export const nativeSelect = style({
  ...controlLook,
  maxWidth: vars.size.inputMaxWidth,
  selectors: {
    "&[aria-invalid='true']": { borderColor: vars.color.error.border },
  },
});

export const trigger = style({
  ...controlLook,
  cursor: "pointer",
  selectors: {
    "&:hover": { borderColor: vars.color.text },
    "&[aria-invalid='true']": {
      borderColor: vars.color.error.border,
      boxShadow: `inset 0 0 0 1px ${vars.color.error.border}`,
    },
    "&:disabled": {
      backgroundColor: vars.color.surfaceMuted,
      color: vars.color.textMuted,
      cursor: "not-allowed",
    },
  },
});

export const placeholder = style({ color: vars.color.textMuted });

export const chevron = style({
  color: vars.color.primary,
  transition: "transform 150ms ease",
  selectors: { [`${trigger}[aria-expanded='true'] &`]: { transform: "rotate(180deg)" } },
});

export const listbox = style({
  position: "absolute",
  top: `calc(100% + ${vars.space.xxs})`,
  left: 0,
  zIndex: vars.zIndex.dropdown,
  width: "100%",
  minHeight: "140px",
  maxHeight: "300px",
  margin: 0,
  padding: `${vars.space.xxs} 0`,
  overflowY: "auto",
  listStyle: "none",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surface,
  boxShadow: vars.shadow.md,
  selectors: {
    "&:focus-visible": { outlineOffset: "-3px" },
  },
});

export const option = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.xs,
  minHeight: vars.size.touchTarget,
  padding: `${vars.space.xs} ${vars.space.md}`,
  color: vars.color.text,
  cursor: "pointer",
});

export const activeOption = style({
  backgroundColor: vars.color.primarySubtle,
  color: vars.color.primary,
  boxShadow: `inset 4px 0 0 ${vars.color.primary}`,
});

export const selectedMark = style({ color: vars.color.primary });
