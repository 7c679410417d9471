/** Layout widths the portal is designed for (SPEC.md §1), in CSS pixels. */
const breakpoints = {
  mobile: 375,
  tablet: 768,
  desktop: 1366,
} as const;

/** Media queries for vanilla-extract `@media` blocks and for `window.matchMedia`. */
export const media = {
  tabletUp: `screen and (min-width: ${breakpoints.tablet}px)`,
  desktopUp: `screen and (min-width: ${breakpoints.desktop}px)`,
  belowTablet: `(max-width: ${breakpoints.tablet - 0.02}px)`,
  reducedMotion: "(prefers-reduced-motion: reduce)",
} as const;
