import { Form } from "react-router";
import { Button } from "~/components/button";
import { FACTORS_PATH, type FactorChange } from "~/domain/sign-in-factors";

/** A change starts with a plain form POST (it may first ask for a code), so it works without JavaScript. */
export function ChangeButton({ change, label, passkeyId }: { change: FactorChange; label: string; passkeyId?: string }) {
  return (
    <Form method="post" action={FACTORS_PATH}>
      <input type="hidden" name="intent" value="start" />
      <input type="hidden" name="change" value={change} />
      {passkeyId ? <input type="hidden" name="passkeyId" value={passkeyId} /> : null}
      <Button type="submit" variant="link">
        {label}
      </Button>
    </Form>
  );
}
