import type { DeploymentEnvironment } from "../../../lib/deployment/environment.ts";

export type MailSettings = NonNullable<ReturnType<typeof mailSettingsFrom>["settings"]>;

const MAIL_TRANSPORTS = ["smtp", "outbox-only"] as const;
const DEFAULT_MAX_ATTEMPTS = 8;

const ADDRESS = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;

/** The address inside a From header, bare or between angle brackets. */
export function addressOf(from: string): string | null {
  const trimmed = from.trim();
  const bracketed = /<([^<>]+)>$/.exec(trimmed)?.[1]?.trim();
  const address = bracketed ?? trimmed;
  return ADDRESS.test(address) ? address : null;
}

/** smtps:// is TLS from the first byte; smtp:// upgrades with STARTTLS when the server offers it. */
function smtpFrom(value: string) {
  const url = URL.parse(value);
  if (!url || (url.protocol !== "smtp:" && url.protocol !== "smtps:") || !url.hostname) return null;
  const secure = url.protocol === "smtps:";
  return {
    host: url.hostname.replace(/^\[|\]$/g, ""),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    ...(url.username ? { user: decodeURIComponent(url.username) } : {}),
    ...(url.password ? { pass: decodeURIComponent(url.password) } : {}),
  };
}

/**
 * Reads SMTP_URL, MAIL_FROM, MAIL_TRANSPORT and MAIL_MAX_ATTEMPTS. Outside development e-mail is sent or meant to stay in the
 * outbox (outbox-only), never silently unsent. Problems name the variable, never its value (SMTP_URL holds a password).
 */
export function mailSettingsFrom(environment: DeploymentEnvironment, env: Readonly<Record<string, string | undefined>>) {
  const transport = env.MAIL_TRANSPORT?.trim() || undefined;
  const smtpUrl = env.SMTP_URL?.trim() || undefined;
  const problems: string[] = [];
  if (transport && !(MAIL_TRANSPORTS as readonly string[]).includes(transport))
    problems.push(`MAIL_TRANSPORT must be one of ${MAIL_TRANSPORTS.join(", ")}`);
  const maxAttempts = env.MAIL_MAX_ATTEMPTS?.trim() ? Number(env.MAIL_MAX_ATTEMPTS) : DEFAULT_MAX_ATTEMPTS;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1 || maxAttempts > 50)
    problems.push("MAIL_MAX_ATTEMPTS must be a whole number from 1 to 50");

  if (transport === "outbox-only") {
    if (smtpUrl) problems.push("SMTP_URL is set but MAIL_TRANSPORT=outbox-only: choose one");
    return { settings: null, problems };
  }
  if (!smtpUrl) {
    if (transport === "smtp") problems.push("MAIL_TRANSPORT=smtp needs SMTP_URL (smtp://user:password@host:port)");
    else if (environment !== "development")
      problems.push(
        "e-mail is not configured: set SMTP_URL (smtp://user:password@host:port) and MAIL_FROM to send e-mails, or MAIL_TRANSPORT=outbox-only to keep them in the outbox for a relay of your own",
      );
    return { settings: null, problems };
  }
  const smtp = smtpFrom(smtpUrl);
  if (!smtp) problems.push("SMTP_URL must look like smtp://user:password@host:port (or smtps://)");
  const from = env.MAIL_FROM?.trim() ?? "";
  if (!from) problems.push("MAIL_FROM is required with SMTP_URL (the address e-mails come from)");
  else if (!addressOf(from)) problems.push('MAIL_FROM must be an e-mail address, optionally as "Name" <address>');
  if (problems.length || !smtp) return { settings: null, problems };
  return { settings: { smtp, from, maxAttempts }, problems };
}
