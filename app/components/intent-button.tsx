import type { ReactNode } from "react";
import { Form } from "react-router";
import { Button, type ButtonVariant } from "./button";

export type IntentButtonProps = {
  /** Where the form posts (the feature's own route; by default the page's own). */
  action?: string;
  intent: string;
  /** Further hidden values the action needs with the intent (which change, which passkey). */
  values?: Record<string, string | undefined>;
  variant?: ButtonVariant;
  loading?: boolean;
  children: ReactNode;
};

/** One button that posts one intent: a plain form, so it works without JavaScript. */
export function IntentButton({ action, intent, values = {}, variant, loading, children }: IntentButtonProps) {
  return (
    <Form method="post" action={action}>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(values).map(([name, value]) =>
        value === undefined ? null : <input key={name} type="hidden" name={name} value={value} />,
      )}
      <Button type="submit" variant={variant} loading={loading}>
        {children}
      </Button>
    </Form>
  );
}
