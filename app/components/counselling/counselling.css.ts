import { style } from "@vanilla-extract/css";
import { consentItem } from "~/components/profile/profile.css";
import { media } from "~/styles/breakpoints";
import { vars } from "~/styles/theme.css";

/** One time window: its date and its two times side by side where there is room, stacked on a phone. */
export const window = style([consentItem, { borderColor: vars.color.borderSubtle, margin: 0, minWidth: 0 }]);
export const windowLegend = style({ fontWeight: vars.font.weightMedium, color: vars.color.text, padding: `0 ${vars.space.xxs}` });
export const windowHint = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const windowFields = style({
  display: "grid",
  gap: vars.space.sm,
  gridTemplateColumns: "minmax(0, 1fr)",
  "@media": { [media.tabletUp]: { gridTemplateColumns: "minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1fr)" } },
});
export const windowField = style({ minWidth: 0 });
/** A request's facts: label above value on a phone, side by side from a tablet up (no column wider than the screen). */
export const facts = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr)",
  columnGap: vars.space.md,
  rowGap: vars.space.xxs,
  "@media": { [media.tabletUp]: { gridTemplateColumns: "minmax(0, 14rem) minmax(0, 1fr)", rowGap: vars.space.xs } },
});
export const factName = style({ fontWeight: vars.font.weightMedium });
export const factValue = style({ margin: 0, overflowWrap: "anywhere", "@media": { [media.belowTablet]: { marginBottom: vars.space.xs } } });
export const windowsList = style({ margin: 0, paddingLeft: vars.space.lg });
