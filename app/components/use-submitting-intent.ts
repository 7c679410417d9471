import { useNavigation } from "react-router";

/** Whether a form that posts this intent is on its way (its button shows that it is busy). */
export function useSubmittingIntent(intent: string): boolean {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}
