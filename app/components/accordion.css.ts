import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const details = style({
  borderBottom: `1px solid ${vars.color.borderSubtle}`,
});

export const summary = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.md,
  minHeight: vars.size.touchTarget,
  padding: `${vars.space.sm} 0`,
  fontWeight: vars.font.weightMedium,
  color: vars.color.text,
  cursor: "pointer",
  listStyle: "none",
  selectors: {
    "&::-webkit-details-marker": { display: "none" },
    "&:hover": { color: vars.color.primary },
  },
});

export const summaryText = style({ flex: 1 });

export const indicator = style({
  color: vars.color.primary,
  transition: "transform 150ms ease",
});

export const arrowIndicator = style({
  selectors: {
    [`${details}[open] > ${summary} &`]: { transform: "rotate(180deg)" },
  },
});

export const whenClosed = style({
  selectors: {
    [`${details}[open] > ${summary} &`]: { display: "none" },
  },
});

export const whenOpen = style({
  selectors: {
    [`${details}:not([open]) > ${summary} &`]: { display: "none" },
  },
});

export const content = style({
  padding: `0 0 ${vars.space.md}`,
});
