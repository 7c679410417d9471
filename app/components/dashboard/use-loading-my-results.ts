import { useNavigation } from "react-router";

/** With JavaScript, true while My Results loads (not after a form's post), so the layout shows 'Gathering your information...'. */
export function useLoadingMyResults(): boolean {
  const navigation = useNavigation();
  return navigation.state === "loading" && navigation.location.pathname === "/" && !navigation.formAction;
}
