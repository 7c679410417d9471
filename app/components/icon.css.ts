import { style, styleVariants } from "@vanilla-extract/css";

export const icon = style({
  display: "inline-block",
  flexShrink: 0,
  verticalAlign: "middle",
});

export const iconSize = styleVariants({
  small: { width: "16px", height: "16px" },
  medium: { width: "24px", height: "24px" },
  large: { width: "32px", height: "32px" },
});
