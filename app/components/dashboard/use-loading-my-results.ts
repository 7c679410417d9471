import { useNavigation } from "@remix-run/react";

/**
 * With JavaScript, true while a navigation to My Results loads — from another page or a reload of
 * the dashboard itself — so the layout can show 'Gathering your information...' in its place.
 * Form submissions and URL-state changes marked quiet (closing the timeline) do not count.
 */
export function useLoadingMyResults(): boolean {
  const navigation = useNavigation();
  if (navigation.state !== "loading" || navigation.location.pathname !== "/" || navigation.formAction) return false;
  const state = navigation.location.state as { quiet?: boolean } | null;
  return !state?.quiet;
}
