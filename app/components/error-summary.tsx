import { useEffect, useId, useRef, type MouseEvent, type ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import * as styles from "./error-summary.css";
import { useHydrated } from "./use-hydrated";

/** The name of the button conform submits with when it validates one field (`INTENT` in @conform-to/dom). */
const CONFORM_INTENT_NAME = "__intent__";

/** Marks a page that shows validation errors (the server's title prefix looks for it). */
export const PAGE_HAS_ERRORS_ATTRIBUTE = "data-page-has-errors";

export type FieldErrorLink = {
  fieldId: string;
  message: ReactNode;
};

export type ErrorSummaryProps = {
  errors: readonly FieldErrorLink[];
  /** Only this form's submit moves focus here: errors from validation on blur never take it from the field. */
  formId?: string;
  /** Defaults to "There is a problem". */
  title?: ReactNode;
};

/** A form's problems, each linking to its field; it takes focus after a submit so they are heard first. */
export function ErrorSummary({ errors, formId, title }: ErrorSummaryProps) {
  const { t } = useTranslation("ui");
  const hydrated = useHydrated();
  const headingId = useId();
  const summaryRef = useRef<HTMLDivElement>(null);
  const errorKey = errors.map((error) => error.fieldId).join(" ");
  // Errors present when the summary first renders came with the page, after a submit.
  const focusAfterSubmit = useRef(errors.length > 0);

  useEffect(() => {
    if (!formId) return;
    const ofForm = (target: EventTarget | null) =>
      target instanceof HTMLFormElement ? target.id === formId : (target as HTMLInputElement | null)?.form?.id === formId;
    const submitted = (event: Event) => {
      // Conform checks a field on blur by submitting the form with its own intent button: not a submit of the participant's.
      const submitter = (event as SubmitEvent).submitter;
      if (!ofForm(event.target) || submitter?.getAttribute("name") === CONFORM_INTENT_NAME) return;
      focusAfterSubmit.current = true;
      // Errors the browser found again, unchanged, render nothing new: look once the submit is handled.
      window.setTimeout(() => {
        if (!focusAfterSubmit.current || !summaryRef.current) return;
        focusAfterSubmit.current = false;
        summaryRef.current.focus();
      });
    };
    // Typing again means the participant is working on the form: later errors are the blur's, not the submit's.
    const typing = (event: Event) => {
      if (ofForm(event.target)) focusAfterSubmit.current = false;
    };
    const listening = new AbortController();
    document.addEventListener("submit", submitted, { capture: true, signal: listening.signal });
    document.addEventListener("input", typing, { capture: true, signal: listening.signal });
    return () => listening.abort();
  }, [formId]);

  // After every render, not only when the errors change: a second submit with the same errors takes focus again.
  useEffect(() => {
    if (!errorKey || !focusAfterSubmit.current) return;
    focusAfterSubmit.current = false;
    summaryRef.current?.focus();
  });

  const errorPrefix = t("common:meta.errorPrefix");
  // The page's title says there are errors while the summary shows them (the server does the same for its render).
  useEffect(() => {
    if (!errorKey) return;
    if (!document.title.startsWith(errorPrefix)) document.title = `${errorPrefix}${document.title}`;
    return () => {
      if (document.title.startsWith(errorPrefix)) document.title = document.title.slice(errorPrefix.length);
    };
  }, [errorKey, errorPrefix]);

  if (errors.length === 0) return null;

  function focusField(event: MouseEvent<HTMLAnchorElement>, fieldId: string) {
    const field = document.getElementById(fieldId);
    if (!field) return; // leave the plain fragment link to the browser
    event.preventDefault();
    // Scroll the field's label (or the group's legend) into view, not just the bare input.
    const label = Array.from(document.querySelectorAll("label")).find((each) => each.htmlFor === fieldId);
    const labelled = label ?? field.closest("fieldset")?.querySelector("legend") ?? field;
    labelled.scrollIntoView?.({ block: "start" });
    field.focus({ preventScroll: true });
  }

  return (
    <div
      ref={summaryRef}
      {...{ [PAGE_HAS_ERRORS_ATTRIBUTE]: "" }}
      tabIndex={-1}
      // Without JavaScript, the autofocus attribute is what moves focus to the summary after a submit.
      // eslint-disable-next-line jsx-a11y/no-autofocus
      autoFocus={!hydrated}
      className={styles.summary}
    >
      {/* GOV.UK's pattern: the alert is inside the focusable summary, so it is announced once. */}
      <div role="alert" aria-labelledby={headingId}>
        <h2 id={headingId} className={styles.title}>
          {title ?? t("errorSummaryTitle")}
        </h2>
        <ul className={styles.list}>
          {errors.map((error) => (
            <li key={error.fieldId}>
              <a href={`#${error.fieldId}`} className={styles.link} onClick={(event) => focusField(event, error.fieldId)}>
                {error.message}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
