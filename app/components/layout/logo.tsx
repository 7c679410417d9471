// The brand mark is shared with the identity provider's hosted pages: one drawing in lib/design.
export { Logo } from "../../../lib/design/logo.tsx";
