/**
 * OAuth 2.0 client authentication with HTTP Basic (RFC 6749 §2.3.1): the client id and the secret are
 * each form-encoded (application/x-www-form-urlencoded) before they are joined with ':' and base64'd.
 * Without it a secret with `+` (half of `openssl rand -base64 32`'s) reaches the provider with a space
 * in its place, and one with ':' or '%' is cut or misread.
 */
export function formEncoded(value: string): string {
  return new URLSearchParams({ v: value }).toString().slice(2);
}

export function clientBasicAuthorization(clientId: string, clientSecret: string): string {
  return `Basic ${Buffer.from(`${formEncoded(clientId)}:${formEncoded(clientSecret)}`).toString("base64")}`;
}
