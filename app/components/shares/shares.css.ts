import { style } from "@vanilla-extract/css";
import { consentItem, consentList } from "~/components/profile/profile.css";
import { media } from "~/styles/breakpoints";
import { vars } from "~/styles/theme.css";

/** My Results' page frame: space at the screen's edges and under the header. */
export const frame = style({
  display: "grid",
  gap: vars.space.lg,
  padding: `${vars.space.lg} ${vars.space.md} ${vars.space.xxl}`,
  "@media": { [media.desktopUp]: { padding: `${vars.space.xl} ${vars.space.xl} ${vars.space.xxl}` } },
});
/** The share pages' frame: My Results', around a column of at most 760 px. */
export const page = style([frame, { maxWidth: "760px", minWidth: 0, boxSizing: "content-box" }]);
export const secret = style({
  fontSize: vars.fontSize.lg,
  letterSpacing: "0.08em",
  fontWeight: vars.font.weightBold,
  wordBreak: "break-all",
});
export const link = style({ wordBreak: "break-all" });
export const list = consentList;
export const item = style([consentItem, { gap: vars.space.xxs, borderColor: vars.color.borderSubtle, minWidth: 0 }]);
