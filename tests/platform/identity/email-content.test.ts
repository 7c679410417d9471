import { describe, expect, it } from "vitest";
import { renderEmail, type OutboxEmail } from "../../../platform/identity/mail/email-content.ts";

const row = (overrides: Partial<OutboxEmail>): OutboxEmail => ({
  id: 7,
  messageUuid: "5b0c7d1e-2f3a-4b5c-8d6e-7f8a9b0c1d2e",
  to: "lucia@example.test",
  subject: "Usted compartió un informe",
  body: null,
  link: null,
  code: null,
  headers: null,
  locale: "es",
  createdAt: new Date("2026-11-24T10:00:00.000Z"),
  ...overrides,
});

describe("an outbox e-mail as sent", () => {
  it("escapes what a participant typed in the HTML part, and links only real addresses", () => {
    const email = renderEmail(
      row({
        body: 'Usted compartió un informe con <img src=x onerror="alert(1)"> & Co.',
        link: "https://portal.example.test/shares/1?a=1&b=2",
      }),
      "no-reply@example.org",
    );
    expect(email.html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; Co.");
    expect(email.html).not.toContain("<img");
    expect(email.html).toContain('<a href="https://portal.example.test/shares/1?a=1&amp;b=2">');
    expect(email.html).toContain('<html lang="es">');
    expect(email.text).toBe(
      'Usted compartió un informe con <img src=x onerror="alert(1)"> & Co.\n\nhttps://portal.example.test/shares/1?a=1&b=2\n',
    );
    expect(email.headers["Content-Language"]).toBe("es");
    expect(email.messageId).toBe("<5b0c7d1e-2f3a-4b5c-8d6e-7f8a9b0c1d2e@example.org>");
  });

  it("says the code in the participant's language and keeps a link the words already carry once", () => {
    const email = renderEmail(
      row({ body: "Inicie sesión: https://portal.example.test/", link: "https://portal.example.test/", code: "482913" }),
      "no-reply@example.org",
    );
    expect(email.text).toBe("Inicie sesión: https://portal.example.test/\n\nSu código: 482913\n");
    expect(renderEmail(row({ body: "Abra https://portal.example.test/shares/1." }), "a@example.org").html).toContain(
      '<a href="https://portal.example.test/shares/1">https://portal.example.test/shares/1</a>.',
    );
  });
});
