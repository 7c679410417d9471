// The colours are shared with the identity provider's hosted pages: one set of values in lib/design.
export { palette, type StatusTone } from "../../lib/design/palette.ts";
