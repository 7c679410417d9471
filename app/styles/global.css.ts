import { globalStyle, style } from "@vanilla-extract/css";
import { media } from "./breakpoints";
import { vars } from "./theme.css";

globalStyle("*, *::before, *::after", {
  boxSizing: "border-box",
  "@media": {
    [media.reducedMotion]: {
      animationDuration: "0.01ms !important",
      animationIterationCount: "1 !important",
      transitionDuration: "0.01ms !important",
    },
  },
});

globalStyle("html", {
  WebkitTextSizeAdjust: "100%",
  textSizeAdjust: "100%",
});

globalStyle("body", {
  margin: 0,
  minHeight: "100vh",
  fontFamily: vars.font.family,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.md,
  color: vars.color.text,
  backgroundColor: vars.color.background,
  WebkitFontSmoothing: "antialiased",
});

globalStyle("h1, h2, h3, h4, h5, h6, p, figure, blockquote, dl, dd", { margin: 0 });

globalStyle("img, svg, video", { display: "block", maxWidth: "100%" });

globalStyle("input, button, textarea, select", { font: "inherit", color: "inherit" });

globalStyle("a", { color: vars.color.primary, textUnderlineOffset: "0.15em" });

globalStyle(":focus-visible", {
  outline: `${vars.focus.ringWidth} solid ${vars.color.focusRing}`,
  outlineOffset: vars.focus.ringOffset,
});

const visuallyHiddenRules = {
  position: "absolute",
  width: "1px",
  height: "1px",
  padding: 0,
  margin: "-1px",
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  clipPath: "inset(50%)",
  whiteSpace: "nowrap",
  border: 0,
} as const;

/**
 * For a control that works only with the page's script: rendered by the server where the script will
 * take it over, so nothing below it moves when the page hydrates, and not shown at all where scripting is off.
 */
export const needsScript = style({ "@media": { "(scripting: none)": { display: "none" } } });

/** Hides content visually while keeping it for assistive technology. */
export const visuallyHidden = style(visuallyHiddenRules);

// The same helper under a stable class name, for markup that is not written in TypeScript.
globalStyle(".visually-hidden", visuallyHiddenRules);
