/**
 * A notification carried across a redirect (so it shows with JavaScript off too). It holds
 * translation keys, never text or anything the participant typed, so it renders in the current language.
 */
export type FlashNotification = {
  id: string;
  type: "info" | "success" | "warning" | "error";
  /** "namespace:key" of the heading. */
  titleKey: string;
  /** "namespace:key" of the body; may contain <support>…</support> around the support link text. */
  bodyKey?: string;
  /** Numbers the body's text needs ({{seconds}}, {{minutes}}). */
  bodyValues?: Record<string, number>;
  /** A message returned by a service, shown as the body when there is no body key. */
  bodyText?: string;
  /** SPEC.md §9: 7000 ms by default, 15000 ms for the download error. */
  visibleMs?: number;
  /** A form that tries the failed action again (SPEC.md §8: the download error offers a retry). */
  retry?: { action: string; fields: Record<string, string>; labelKey: string };
};

export const DOWNLOAD_ERROR_VISIBLE_MS = 15000;
