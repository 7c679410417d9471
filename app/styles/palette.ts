// The colours are shared with the identity provider's hosted pages: one set of values in lib/design.
export { palette } from "../../lib/design/palette.ts";
