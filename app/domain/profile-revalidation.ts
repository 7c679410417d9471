const PASSWORD_FLOW = ["/profile/security/password", "/profile/security/captcha"];

/** The profile's sections cannot change during the password update: its steps need not ask the results service again. */
export function profileSectionsMayHaveChanged(change: { formAction?: string; nextUrl: URL }): boolean {
  // Without a form action, "" resolves to the next page itself.
  const { pathname } = new URL(change.formAction ?? "", change.nextUrl);
  return !PASSWORD_FLOW.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}
