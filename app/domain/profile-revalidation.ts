const PASSWORD_FLOW = ["/profile/security/password", "/profile/security/captcha"];

function inPasswordFlow(pathname: string): boolean {
  return PASSWORD_FLOW.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/** The profile's sections cannot change during the password update: its steps need not ask the results service again. */
export function profileSectionsMayHaveChanged(change: { formAction?: string; nextUrl: URL }): boolean {
  if (change.formAction) return !inPasswordFlow(new URL(change.formAction, change.nextUrl).pathname);
  return !inPasswordFlow(change.nextUrl.pathname);
}
