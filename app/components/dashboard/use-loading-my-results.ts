import { useNavigation } from "react-router";

/**
 * With JavaScript, true while a navigation to My Results loads — from another page or a reload of
 * the dashboard itself — so the layout can show 'Gathering your information...' in its place.
 * Form submissions do not count.
 */
export function useLoadingMyResults(): boolean {
  const navigation = useNavigation();
  return navigation.state === "loading" && navigation.location.pathname === "/" && !navigation.formAction;
}
