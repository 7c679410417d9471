/**
 * Raw colour values of the portal and of the identity provider's hosted sign-in pages: the portal's
 * theme.css.ts and the hosted pages' stylesheet (platform/identity/http/stylesheet.ts) turn them into
 * CSS variables; they live here as plain strings so their contrast can be checked by a unit test.
 */
export const palette = {
  brand: {
    primary: "#323D5F",
    primaryHover: "#252D47",
    primaryActive: "#1A2033",
    onPrimary: "#FFFFFF",
    primarySubtle: "#E8EAF2",
  },
  neutral: {
    text: "#1C2230",
    textMuted: "#545B6E",
    border: "#767C8F",
    borderSubtle: "#D5D8E0",
    surface: "#FFFFFF",
    surfaceMuted: "#EEF0F4",
    background: "#F6F7F9",
    backdrop: "#1C2230",
  },
  info: { text: "#0B4A85", background: "#E5F0FB", border: "#2F6FB0" },
  success: { text: "#1B6333", background: "#E6F4EA", border: "#2E8049" },
  warning: { text: "#6E4500", background: "#FFF3D6", border: "#B07400" },
  error: { text: "#A61E1B", background: "#FDECEA", border: "#C4302B" },
  focus: { ring: "#1F5FCC", halo: "#FFFFFF" },
} as const;
