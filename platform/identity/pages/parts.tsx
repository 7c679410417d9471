import { createContext, type ReactNode, useContext } from "react";
import { type Locale, translate } from "./i18n.ts";

export interface FieldError {
  field: string;
  message: string;
}

/** The errors of the form page being drawn: each field shows its own. */
export const FormErrors = createContext<readonly FieldError[]>([]);

/** GOV.UK-style summary: every error links to its field; script-free, focused via autofocus. */
export function ErrorSummary({ locale, errors }: { locale: Locale; errors: readonly FieldError[] }) {
  if (errors.length === 0) return null;
  return (
    // eslint-disable-next-line jsx-a11y/no-autofocus -- the summary takes focus after a failed submit, so a screen reader hears it first
    <div className="error-summary" role="alert" aria-labelledby="error-summary-title" tabIndex={-1} autoFocus>
      <h2 id="error-summary-title">{translate(locale, "errorSummaryTitle")}</h2>
      <ul>
        {errors.map((error) => (
          <li key={`${error.field}:${error.message}`}>
            <a href={`#${error.field}`}>{error.message}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** One problem alone, no field to point at (a refusal, a failed save). */
export function ProblemMessage({ message }: { message: string }) {
  return (
    <div className="error-summary" role="alert">
      <p>{message}</p>
    </div>
  );
}

export function Notice({ message }: { message: string | undefined }) {
  return message ? (
    <div className="notice" role="status">
      {message}
    </div>
  ) : null;
}

export function TextField(props: {
  /** The field's id and name. */
  id: string;
  label: string;
  type?: string;
  value?: string;
  hint?: string;
  autoComplete?: string;
  inputMode?: "numeric" | "text" | "tel" | "email";
  placeholder?: string;
  /** The page's first field, focused when it opens (not after an error: the summary is). */
  focusFirst?: boolean;
}) {
  const errors = useContext(FormErrors);
  const error = errors.find((each) => each.field === props.id)?.message;
  const describedBy = [props.hint ? `${props.id}-hint` : "", error ? `${props.id}-error` : ""].filter(Boolean).join(" ");
  return (
    <div className={error ? "field field-error" : "field"}>
      <label htmlFor={props.id}>{props.label}</label>
      {props.hint ? (
        <p className="hint" id={`${props.id}-hint`}>
          {props.hint}
        </p>
      ) : null}
      {error ? (
        <p className="error-message" id={`${props.id}-error`}>
          {error}
        </p>
      ) : null}
      <input
        id={props.id}
        name={props.id}
        type={props.type ?? "text"}
        defaultValue={props.value ?? ""}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        placeholder={props.placeholder}
        aria-describedby={describedBy || undefined}
        aria-invalid={error ? true : undefined}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- the first field of a one-task page, as the portal's steps do
        autoFocus={(props.focusFirst && errors.length === 0) || undefined}
      />
    </div>
  );
}

export interface PageLink {
  href: string;
  label: string;
}

/** The ways out of a page, as a list of links (nothing when there are none). */
export function Links({ links }: { links: readonly (PageLink | false | null | undefined)[] }) {
  const shown = links.filter((link): link is PageLink => Boolean(link));
  if (shown.length === 0) return null;
  return (
    <ul className="links">
      {shown.map((link) => (
        <li key={link.href}>
          <a href={link.href}>{link.label}</a>
        </li>
      ))}
    </ul>
  );
}

/** The form's buttons: `submit` names its one plain submit button. */
export function Actions({ submit, children }: { submit?: string; children?: ReactNode }) {
  return (
    <div className="actions">
      {submit ? <button type="submit">{submit}</button> : null}
      {children}
    </div>
  );
}
