import { style } from "@vanilla-extract/css";
import { consentItem, consentList } from "~/components/profile/profile.css";
import { media } from "~/styles/breakpoints";
import { vars } from "~/styles/theme.css";

/** The share pages' frame: My Results' space at the edges, around a column of at most 760 px. */
export const page = style({
  display: "grid",
  gap: vars.space.lg,
  maxWidth: "760px",
  minWidth: 0,
  boxSizing: "content-box",
  padding: `${vars.space.lg} ${vars.space.md} ${vars.space.xxl}`,
  "@media": { [media.desktopUp]: { padding: `${vars.space.xl} ${vars.space.xl} ${vars.space.xxl}` } },
});
export const secret = style({
  fontSize: vars.fontSize.lg,
  letterSpacing: "0.08em",
  fontWeight: vars.font.weightBold,
  wordBreak: "break-all",
});
export const link = style({ wordBreak: "break-all" });
export const list = consentList;
export const item = style([consentItem, { gap: vars.space.xxs, borderColor: vars.color.borderSubtle, minWidth: 0 }]);
