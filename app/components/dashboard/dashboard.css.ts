import { globalStyle, style, styleVariants } from "@vanilla-extract/css";
import { screen } from "~/components/layout/error-screens.css";
import { consentItem, consentList, row } from "~/components/profile/profile.css";
import { spin } from "~/components/spinner.css";
import { media } from "~/styles/breakpoints";
import { vars } from "~/styles/theme.css";

/** The same card, link, row of actions and two-line item as My Account's. */
export { actions, card, choiceLabel as earlierItem, textLink } from "~/components/profile/profile.css";

export { frame as page } from "~/components/shares/shares.css";

export const headline = style({
  fontSize: vars.fontSize.xxl,
  lineHeight: vars.lineHeight.xxl,
  color: vars.color.primary,
  "@media": { [media.desktopUp]: { fontSize: vars.fontSize.xxxl, lineHeight: vars.lineHeight.xxxl } },
});

export const cardHeader = style([row, { alignItems: "baseline" }]);

export const cardTitle = style({ margin: 0, fontSize: vars.fontSize.xl, lineHeight: vars.lineHeight.xl, color: vars.color.primary });

/** A screen that stands for the whole page: the message screens' frame, narrower. */
export const interstitial = style([screen, { maxWidth: "640px" }]);

export const stateScreen = style([
  interstitial,
  { justifyItems: "center", textAlign: "center", fontSize: vars.fontSize.lg, lineHeight: vars.lineHeight.lg },
]);

export const timelineList = style({ margin: 0, paddingLeft: vars.space.lg, display: "grid", gap: vars.space.sm });

export const nextSteps = style([timelineList, { textAlign: "start", fontSize: vars.fontSize.md, lineHeight: vars.lineHeight.md }]);

export const shareNeedsSignIn = style({ margin: `${vars.space.md} 0 0`, fontSize: vars.fontSize.md });

export const stateHint = style({ margin: 0, fontSize: vars.fontSize.md });

export const gatheringGlyph = style({
  width: "40px",
  height: "40px",
  borderRadius: "50%",
  border: `4px solid ${vars.color.primarySubtle}`,
  borderTopColor: vars.color.primary,
  animation: `${spin} 1s linear infinite`,
});

/* Sample tracker: a vertical list on small screens, a horizontal row from tablet width. */
export const tracker = style([
  consentList,
  { "@media": { [media.tabletUp]: { gridAutoFlow: "column", gridAutoColumns: "1fr", gap: vars.space.xs } } },
]);

export const step = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  "@media": { [media.tabletUp]: { flexDirection: "column", textAlign: "center" } },
});

const markerBase = style({
  flex: "0 0 auto",
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: "36px",
  height: "36px",
  borderRadius: "50%",
  fontWeight: vars.font.weightBold,
  border: `2px solid ${vars.color.primary}`,
});

const reached = { background: vars.color.primary, color: vars.color.onPrimary };

export const marker = styleVariants({
  done: [markerBase, reached],
  current: [markerBase, { ...reached, boxShadow: `0 0 0 4px ${vars.color.primarySubtle}` }],
  upcoming: [markerBase, { background: vars.color.surface, color: vars.color.primary, borderColor: vars.color.border }],
});

export const stepLabel = styleVariants({
  done: { color: vars.color.text },
  current: { color: vars.color.primary, fontWeight: vars.font.weightBold },
  upcoming: { color: vars.color.textMuted },
});

/** The day a step was reached, or the day the next one is expected: under the step's name. */
export const stepDate = style({
  display: "block",
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.font.weightRegular,
});

export const modalBody = style({ display: "grid", gap: vars.space.md, padding: `0 ${vars.space.lg} ${vars.space.lg}` });

export const resultList = style([
  consentList,
  { gap: vars.space.md, "@media": { [media.tabletUp]: { gridTemplateColumns: "repeat(auto-fill, minmax(280px, 1fr))" } } },
]);

export const resultCard = style([consentItem, { alignContent: "start", gap: vars.space.sm, background: vars.color.surface }]);

export const resultHeading = style({ display: "flex", alignItems: "center", gap: vars.space.sm });

export const resultTitle = style({ margin: 0, fontSize: vars.fontSize.lg, lineHeight: vars.lineHeight.lg });

export const resultIcon = style({ width: "32px", height: "32px", flex: "0 0 auto", color: vars.color.primary });

export const productLinks = style({ display: "flex", flexWrap: "wrap", gap: vars.space.md, margin: 0, padding: 0, listStyle: "none" });

globalStyle(`${productLinks} a`, { color: vars.color.primary, fontWeight: vars.font.weightMedium });

/** A reissued report on its card: the version and date it opens, what changed, 'Updated', and the earlier versions. */
export const versionLine = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.text });

/** What changed in a version, and when a report that is not ready will be. */
export const smallNote = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const updatedBadge = style({
  display: "inline-block",
  marginInlineStart: vars.space.xs,
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.md,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.font.weightBold,
});

export const earlierVersions = style({ fontSize: vars.fontSize.sm });

globalStyle(`${earlierVersions} > summary`, { cursor: "pointer", color: vars.color.primary, fontWeight: vars.font.weightMedium });

export const earlierList = style({ listStyle: "none", margin: `${vars.space.sm} 0 0`, padding: 0, display: "grid", gap: vars.space.sm });

/** 'Your kits' under the tracker. */
export const kitsTitle = style({ margin: 0, fontSize: vars.fontSize.md, color: vars.color.primary });
