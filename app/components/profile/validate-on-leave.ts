import type { FocusEvent } from "react";
import { PAGE_HAS_ERRORS_ATTRIBUTE } from "~/components/error-summary";

type ValidatingForm = { validate: (options: { name: string }) => void };

const valueOnArrival = new WeakMap<HTMLInputElement, string>();

function pressingOwnSubmit(field: HTMLInputElement, next: EventTarget | null): boolean {
  return next instanceof HTMLButtonElement && next.type === "submit" && next.form === field.form && next.matches(":active");
}

/**
 * A field the participant changed is checked when they leave it. Not when focus only passes through
 * it, or is taken from it (the error summary after a submit): that would replace the server's verdict
 * with the browser's. And not when they leave it by pressing the form's own submit button: the submit
 * checks every field anyway, and an error shown at that moment would push the button from under the
 * pointer, so the click would land on nothing.
 */
export function validateOnLeave(form: ValidatingForm, name: string) {
  return {
    onFocus: (event: FocusEvent<HTMLInputElement>) => {
      valueOnArrival.set(event.currentTarget, event.currentTarget.value);
    },
    onBlur: (event: FocusEvent<HTMLInputElement>) => {
      const field = event.currentTarget;
      const next = event.relatedTarget;
      const takenBySummary = next instanceof Element && next.closest(`[${PAGE_HAS_ERRORS_ATTRIBUTE}]`) !== null;
      if (valueOnArrival.get(field) === field.value || takenBySummary || pressingOwnSubmit(field, next)) return;
      form.validate({ name });
    },
  };
}
