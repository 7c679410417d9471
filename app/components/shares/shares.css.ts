import { style } from "@vanilla-extract/css";
import { consentItem, consentList } from "~/components/profile/profile.css";
import { vars } from "~/styles/theme.css";

export const page = style({ display: "grid", gap: vars.space.lg, maxWidth: "760px", minWidth: 0 });
export const secret = style({
  fontSize: vars.fontSize.lg,
  letterSpacing: "0.08em",
  fontWeight: vars.font.weightBold,
  wordBreak: "break-all",
});
export const link = style({ wordBreak: "break-all" });
export const list = consentList;
export const item = style([consentItem, { gap: vars.space.xxs, borderColor: vars.color.borderSubtle, minWidth: 0 }]);
export const reportSection = style({ display: "grid", gap: vars.space.xs });
export const table = style({ borderCollapse: "collapse", width: "100%", maxWidth: "600px" });
export const cell = style({
  textAlign: "start",
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.borderSubtle}`,
});
