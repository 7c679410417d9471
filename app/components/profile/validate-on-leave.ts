import type { FocusEvent } from "react";
import { PAGE_HAS_ERRORS_ATTRIBUTE } from "~/components/error-summary";

const valueOnArrival = new WeakMap<HTMLInputElement, string>();

function pressingOwnSubmit(field: HTMLInputElement, next: EventTarget | null): boolean {
  return next instanceof HTMLButtonElement && next.type === "submit" && next.form === field.form && next.matches(":active");
}

/**
 * A changed field is checked when the participant leaves it: not when the error summary takes focus (the server's
 * verdict stays), nor for its own submit button, which an error shown then would push from under the pointer.
 */
export function validateOnLeave(form: { validate: (options: { name: string }) => void }, name: string) {
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
