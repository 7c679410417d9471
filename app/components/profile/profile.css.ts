import { style, styleVariants } from "@vanilla-extract/css";
import { media } from "~/styles/breakpoints";
import { vars } from "~/styles/theme.css";

export const layout = style({
  display: "grid",
  gap: vars.space.lg,
  maxWidth: "1120px",
  margin: "0 auto",
  padding: `${vars.space.lg} ${vars.space.md}`,
  "@media": {
    [media.desktopUp]: { gridTemplateColumns: "260px 1fr", gap: vars.space.xl, padding: `${vars.space.xl} ${vars.space.lg}` },
  },
});

export const sideNav = style({
  display: "none",
  "@media": { [media.desktopUp]: { display: "block" } },
});

export const sideNavTitle = style({ fontSize: vars.fontSize.lg, lineHeight: vars.lineHeight.lg, margin: `0 0 ${vars.space.sm}` });

export const sideNavList = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: vars.space.xxs });

export const sideNavLink = style({
  display: "block",
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  color: vars.color.text,
  textDecoration: "none",
  borderLeft: "4px solid transparent",
  selectors: {
    "&:hover": { background: vars.color.surfaceMuted },
    '&[aria-current="page"]': {
      borderLeftColor: vars.color.primary,
      fontWeight: vars.font.weightBold,
      background: vars.color.primarySubtle,
    },
  },
});

export const mobileOnly = style({
  "@media": { [media.desktopUp]: { display: "none" } },
});

export const navCard = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.sm,
  minHeight: vars.size.touchTarget,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  textDecoration: "none",
  // The same card as a form's button (without JavaScript).
  width: "100%",
  textAlign: "start",
  cursor: "pointer",
  selectors: { "&:hover": { borderColor: vars.color.primary } },
});

export const navCardTitle = style({ display: "block", fontWeight: vars.font.weightBold });
export const navCardHint = style({ display: "block", color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const backLink = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xs,
  minHeight: vars.size.touchTarget,
  fontWeight: vars.font.weightMedium,
});

export const content = style({ display: "grid", gap: vars.space.lg, alignContent: "start", minWidth: 0 });

export const heading = style({ fontSize: vars.fontSize.xxl, lineHeight: vars.lineHeight.xxl, margin: 0 });

export const card = style({
  display: "grid",
  gap: vars.space.md,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.borderSubtle}`,
  boxShadow: vars.shadow.sm,
});

export const cardHeading = style({ fontSize: vars.fontSize.xl, lineHeight: vars.lineHeight.xl, margin: 0 });

export const row = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.sm,
});

/** A row's name: an h2 below the page's h1, so never larger than it. */
export const rowLabel = style({ fontSize: vars.fontSize.md, lineHeight: vars.lineHeight.md, fontWeight: vars.font.weightBold, margin: 0 });
export const muted = style({ color: vars.color.textMuted, margin: 0 });
export const paragraph = style({ margin: 0 });

export const stepPage = style({ display: "grid", gap: vars.space.lg, maxWidth: "600px" });
export const form = style({ display: "grid", gap: vars.space.md });
export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, alignItems: "center" });

export const meter = style({ display: "grid", gap: vars.space.xxs, maxWidth: vars.size.inputMaxWidth });
export const meterTrack = style({ height: "6px", borderRadius: vars.radius.pill, background: vars.color.borderSubtle, overflow: "hidden" });
export const meterFill = styleVariants({
  weak: { height: "100%", width: "33%", background: vars.color.error.border },
  good: { height: "100%", width: "66%", background: vars.color.warning.border },
  strong: { height: "100%", width: "100%", background: vars.color.success.border },
});
export const meterLabel = style({ fontSize: vars.fontSize.sm, margin: 0 });

export const textLink = style({ color: vars.color.primary, fontWeight: vars.font.weightMedium });

/* My Studies: the consent history, one bordered item per consent version. */
export const consentList = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: vars.space.sm });
export const consentItem = style({
  display: "grid",
  gap: vars.space.xs,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});
export const consentFacts = style({
  display: "grid",
  gridTemplateColumns: "max-content 1fr",
  columnGap: vars.space.md,
  rowGap: vars.space.xs,
});
export const consentFactValue = style({ margin: 0 });

export const exportProgress = style({ width: "100%", maxWidth: vars.size.inputMaxWidth, height: "8px", accentColor: vars.color.primary });

export const choiceLabel = style({ display: "grid", gap: vars.space.xxs });

export const qrCode = style({ display: "block", width: "200px", height: "200px", background: "#fff" });
export const secretKey = style({ fontSize: vars.fontSize.lg, letterSpacing: "0.08em", wordBreak: "break-word" });
export const recoveryCodes = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(10rem, 1fr))",
  gap: vars.space.xs,
  margin: 0,
  paddingInlineStart: vars.space.lg,
  fontSize: vars.fontSize.lg,
});
