import { describe, expect, it } from "vitest";
import { pathOnly, redactText, redactValue } from "~/services/logger.server";

const jwt = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.c2lnbmF0dXJlLXZhbHVl";

describe("redactText", () => {
  it.each([
    ["a JWT-shaped token", `token was ${jwt} here`, jwt],
    ["a bearer value", "Authorization: Bearer abc.def-ghi_123", "abc.def-ghi_123"],
    ["a basic credential", "Basic dXNlcjpwYXNz", "dXNlcjpwYXNz"],
    ["a password in a query", "/login?user=x&password=hunter2hunter2", "hunter2hunter2"],
    ["a password in JSON", '{"password":"correct horse"}', "correct"],
    ["a newPassword field", "newPassword=Sup3r-secret!", "Sup3r-secret!"],
    ["a client secret", "client_secret=s3cr3t-value", "s3cr3t-value"],
    ["an SMS code", "code 123456 rejected", "123456"],
    ["a voice code", "entered 12345", "12345"],
    ["a code assignment", "authCode=ab12cd", "ab12cd"],
    ["a US phone number", "call (555) 123-4567 now", "123-4567"],
    ["an international phone number", "sent to +1 555 123 4567", "555 123 4567"],
    ["a bare phone number", "phone 5551234567", "5551234567"],
    ["an e-mail address", "user jane.doe+test@example.com failed", "jane.doe+test@example.com"],
  ])("removes %s", (_name, text, secret) => {
    const redacted = redactText(text);
    expect(redacted).not.toContain(secret);
    expect(redacted).toContain("[redacted]");
  });

  it("keeps ordinary text, short numbers and stack positions", () => {
    const text = "TypeError: Cannot read properties of undefined (reading 'apps')\n    at loader (/srv/build/index.js:412:17)";
    expect(redactText(text)).toBe(text);
    expect(redactText("kit status 3 of 5, retried 2 times")).toBe("kit status 3 of 5, retried 2 times");
  });

  it("redacts strings at any depth of a value", () => {
    const value = redactValue({ a: ["mail me at x@y.io"], b: { c: `Bearer ${jwt}` }, n: 7 });
    expect(JSON.stringify(value)).not.toMatch(/x@y\.io|eyJ/);
    expect(value.n).toBe(7);
  });
});

describe("pathOnly", () => {
  it("drops query string and fragment", () => {
    expect(pathOnly("/results/abc?token=secret#x")).toBe("/results/abc");
    expect(pathOnly("http://host:3000/a/b?x=1")).toBe("/a/b");
    expect(pathOnly("/")).toBe("/");
  });
});
