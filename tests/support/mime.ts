/** Just enough MIME reading for tests of what an SMTP server received: headers, parts, decoded text. */
export interface MimePart {
  headers: Map<string, string>;
  body: string;
}

function decodeWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=\s*(?==\?)?/g, (_all, _charset: string, encoding: string, text: string) =>
    encoding.toUpperCase() === "B"
      ? Buffer.from(text, "base64").toString("utf8")
      : Buffer.from(
          text.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_hex, code: string) => String.fromCharCode(parseInt(code, 16))),
          "latin1",
        ).toString("utf8"),
  );
}

function decodeBody(body: string, encoding: string | undefined): string {
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable")
    return Buffer.from(
      body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_hex, code: string) => String.fromCharCode(parseInt(code, 16))),
      "latin1",
    ).toString("utf8");
  return body;
}

export function parseMime(raw: string): MimePart {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, " ");
  const headers = new Map<string, string>();
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  return { headers, body: raw.slice(split).replace(/^\r?\n\r?\n/, "") };
}

/** The decoded text of each leaf part, by content type (text/plain, text/html). */
export function partsOf(message: MimePart): Map<string, string> {
  const type = message.headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!boundary || !type.startsWith("multipart/"))
    return new Map([[type.split(";")[0]!.trim(), decodeBody(message.body, message.headers.get("content-transfer-encoding"))]]);
  const found = new Map<string, string>();
  for (const chunk of message.body.split(`--${boundary}`).slice(1)) {
    if (chunk.startsWith("--")) break;
    for (const [kind, text] of partsOf(parseMime(chunk.replace(/^\r?\n/, "")))) found.set(kind, text);
  }
  return found;
}
