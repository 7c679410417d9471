import { keyframes, style, styleVariants } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const spin = keyframes({ to: { transform: "rotate(360deg)" } });

export const wrapper = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  color: vars.color.primary,
});

/** The rotating ring; also used inside busy buttons, where it inherits the text colour. */
export const glyph = style({
  display: "inline-block",
  flexShrink: 0,
  borderRadius: "50%",
  borderStyle: "solid",
  borderColor: "currentColor",
  borderRightColor: "transparent",
  animation: `${spin} 0.8s linear infinite`,
});

export const glyphSize = styleVariants({
  small: { width: "16px", height: "16px", borderWidth: "2px" },
  medium: { width: "32px", height: "32px", borderWidth: "3px" },
  large: { width: "56px", height: "56px", borderWidth: "5px" },
});
