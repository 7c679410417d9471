import type { MessageKey } from "../pages/i18n.ts";
import { checkNewPassword, MIN_PASSWORD_LENGTH } from "./password-policy.ts";

/** A field's problem as a locale key (the pages translate it). */
export interface FormProblem {
  field: string;
  key: MessageKey;
  vars?: Record<string, string | number>;
}

const MAX_EMAIL_LENGTH = 254;
const MAX_NAME_LENGTH = 100;

export function checkEmail(email: string): FormProblem | null {
  if (!email) return { field: "email", key: "form.emailRequired" };
  if (email.length > MAX_EMAIL_LENGTH || !/^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(email))
    return { field: "email", key: "form.emailInvalid" };
  return null;
}

/** SPEC §5 password and confirm-password rules, in the order the fields appear. */
export function checkNewPasswordPair(password: string, confirmPassword: string): FormProblem[] {
  const problems: FormProblem[] = [];
  const problem = checkNewPassword(password);
  if (problem === "required") problems.push({ field: "password", key: "password.required" });
  if (problem === "too-short") problems.push({ field: "password", key: "password.tooShort", vars: { minPwLen: MIN_PASSWORD_LENGTH } });
  if (problem === "common") problems.push({ field: "password", key: "password.common" });
  if (!confirmPassword) problems.push({ field: "confirmPassword", key: "password.confirmRequired" });
  else if (password && confirmPassword !== password) problems.push({ field: "confirmPassword", key: "password.mismatch" });
  return problems;
}

/** Reads the registration form: trims what is not a secret, keeps passwords exactly as typed. */
export function readRegistrationInput(form: Record<string, string>) {
  return {
    email: (form.email ?? "").trim(),
    firstName: (form.firstName ?? "").trim(),
    lastName: (form.lastName ?? "").trim(),
    password: form.password ?? "",
    confirmPassword: form.confirmPassword ?? "",
  };
}

export function checkRegistration(input: ReturnType<typeof readRegistrationInput>): FormProblem[] {
  const problems: FormProblem[] = [];
  const email = checkEmail(input.email);
  if (email) problems.push(email);
  for (const field of ["firstName", "lastName"] as const) {
    if (!input[field]) problems.push({ field, key: `form.${field}Required` });
    else if (input[field].length > MAX_NAME_LENGTH) problems.push({ field, key: "form.nameTooLong", vars: { max: MAX_NAME_LENGTH } });
  }
  return [...problems, ...checkNewPasswordPair(input.password, input.confirmPassword)];
}
