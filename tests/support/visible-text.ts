/** The words a person sees on a page, without markup or per-request values, the e-mail typed taken out. */
export function visibleText(html: string, email: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replaceAll(email, "EMAIL")
    .replace(/\s+/g, " ")
    .trim();
}
