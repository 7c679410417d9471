/**
 * A plain-HTTP stand-in for a browser without JavaScript: one cookie jar per origin, manual
 * redirects, and the forms of server-rendered pages. Enough to sign in through the hosted pages.
 */

/** A cookie as the jar holds it, with what a browser would need to hold it too. */
export interface HeldCookie {
  host: string;
  name: string;
  value: string;
  path: string;
  httpOnly: boolean;
  sameSite: "Strict" | "Lax" | "None";
}

export class OriginCookies {
  private readonly byOrigin = new Map<string, Map<string, HeldCookie>>();

  private jar(url: URL): Map<string, HeldCookie> {
    let jar = this.byOrigin.get(url.host);
    if (!jar) this.byOrigin.set(url.host, (jar = new Map()));
    return jar;
  }

  store(url: URL, response: Response): void {
    const jar = this.jar(url);
    for (const header of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = header.split(";").map((part) => part.trim());
      const separator = pair.indexOf("=");
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const removed = value === "" || attributes.some((attribute) => /^max-age=0$/i.test(attribute));
      const named = (key: string) => attributes.find((attribute) => attribute.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
      const sameSite = named("samesite")?.toLowerCase();
      if (removed) jar.delete(name);
      else
        jar.set(name, {
          host: url.host,
          name,
          value,
          path: named("path") ?? "/",
          httpOnly: attributes.some((attribute) => attribute.toLowerCase() === "httponly"),
          sameSite: sameSite === "strict" ? "Strict" : sameSite === "none" ? "None" : "Lax",
        });
    }
  }

  header(url: URL): string {
    return [...this.jar(url).values()].map(({ name, value }) => `${name}=${value}`).join("; ");
  }

  get(url: URL, name: string): string | undefined {
    return this.jar(url).get(name)?.value;
  }

  set(url: URL, name: string, value: string): void {
    this.jar(url).set(name, { host: url.host, name, value, path: "/", httpOnly: false, sameSite: "Lax" });
  }

  /** Every cookie held, for handing a session over to a real browser. */
  all(): HeldCookie[] {
    return [...this.byOrigin.values()].flatMap((jar) => [...jar.values()]);
  }
}

export interface PageForm {
  action: string;
  method: string;
  fields: Record<string, string>;
}

function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1]?.replace(/&amp;/g, "&");
}

/** Forms with their hidden and pre-filled fields (checked radios and checkboxes only). */
export function formsOf(html: string): PageForm[] {
  return [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)].map(([, tag = "", body = ""]) => {
    const fields: Record<string, string> = {};
    for (const [input] of body.matchAll(/<input\b[^>]*>/g)) {
      const name = attribute(input, "name");
      const type = attribute(input, "type");
      if (!name || ((type === "radio" || type === "checkbox") && !/\bchecked\b/.test(input))) continue;
      fields[name] = attribute(input, "value") ?? "";
    }
    return { action: attribute(tag, "action") ?? "", method: (attribute(tag, "method") ?? "get").toLowerCase(), fields };
  });
}

export class HttpBrowser {
  readonly cookies = new OriginCookies();

  async request(
    url: string | URL,
    init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    const target = new URL(url);
    const headers: Record<string, string> = { cookie: this.cookies.header(target), ...init.headers };
    let body: string | undefined;
    if (init.form) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      headers.origin ??= target.origin;
      body = new URLSearchParams(init.form).toString();
    }
    const response = await fetch(target, { method: init.method ?? (init.form ? "POST" : "GET"), headers, body, redirect: "manual" });
    this.cookies.store(target, response);
    return response;
  }

  /** Follows redirects while `keepGoing(next)` says so; returns the last response and its URL. */
  async follow(response: Response, from: URL, keepGoing: (next: URL) => boolean = () => true): Promise<{ response: Response; url: URL }> {
    let current = response;
    let url = from;
    for (let hops = 0; current.status >= 300 && current.status < 400; hops += 1) {
      if (hops > 20) throw new Error("too many redirects");
      const next = new URL(current.headers.get("location")!, url);
      if (!keepGoing(next)) return { response: current, url };
      await current.body?.cancel();
      url = next;
      current = await this.request(next);
    }
    return { response: current, url };
  }

  /** Submits the first form of `html` whose action matches, with extra fields, following redirects. */
  async submit(
    page: { html: string; url: URL },
    fields: Record<string, string>,
    keepGoing?: (next: URL) => boolean,
    actionPattern?: RegExp,
  ) {
    const form = formsOf(page.html).find((candidate) => !actionPattern || actionPattern.test(candidate.action));
    if (!form) throw new Error(`no form on ${page.url.pathname}`);
    const target = new URL(form.action || page.url.pathname, page.url);
    const answer = await this.request(target, { form: { ...form.fields, ...fields } });
    const { response, url } = await this.follow(answer, target, keepGoing);
    return { response, url, html: response.status >= 300 && response.status < 400 ? "" : await response.text() };
  }
}
