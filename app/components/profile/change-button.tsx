import { IntentButton } from "~/components/intent-button";
import { FACTORS_PATH, type FactorChange } from "~/domain/sign-in-factors";
import { needsScript } from "~/styles/global.css";
import { useMayMakePasskeys } from "./passkey-assert";

/** A change starts with a plain form POST (it may first ask for a code), so it works without JavaScript. */
export function ChangeButton({ change, label, passkeyId }: { change: FactorChange; label: string; passkeyId?: string }) {
  return (
    <IntentButton action={FACTORS_PATH} intent="start" values={{ change, passkeyId }} variant="link">
      {label}
    </IntentButton>
  );
}

/** 'Add a passkey': making one needs the page's script and a browser that can. */
export function AddPasskeyButton({ label }: { label: string }) {
  if (!useMayMakePasskeys()) return null;
  return (
    <div className={needsScript}>
      <ChangeButton change="add-passkey" label={label} />
    </div>
  );
}
