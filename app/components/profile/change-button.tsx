import { IntentButton } from "~/components/intent-button";
import { FACTORS_PATH, type FactorChange } from "~/domain/sign-in-factors";

/** A change starts with a plain form POST (it may first ask for a code), so it works without JavaScript. */
export function ChangeButton({ change, label, passkeyId }: { change: FactorChange; label: string; passkeyId?: string }) {
  return (
    <IntentButton action={FACTORS_PATH} intent="start" values={{ change, passkeyId }} variant="link">
      {label}
    </IntentButton>
  );
}
