import { describe, expect, it } from "vitest";
import { withDoctype, withLowPriorityModules } from "./document-html.server";

describe("withLowPriorityModules", () => {
  it("asks for every module preload at low priority and leaves everything else alone", () => {
    const html =
      '<head><link rel="stylesheet" href="/build/app.css"/></head><body><p>rel="modulepreload"</p>' +
      '<link rel="modulepreload" href="/build/entry.client.js"/><link rel="modulepreload" href="/build/root.js" crossorigin="anonymous"/></body>';
    expect(withLowPriorityModules(html)).toBe(
      '<head><link rel="stylesheet" href="/build/app.css"/></head><body><p>rel="modulepreload"</p>' +
        '<link rel="modulepreload" fetchpriority="low" href="/build/entry.client.js"/><link rel="modulepreload" fetchpriority="low" href="/build/root.js" crossorigin="anonymous"/></body>',
    );
  });
});

describe("withDoctype", () => {
  it("gives a document one doctype, first, whether React wrote it or not", () => {
    expect(withDoctype('<!DOCTYPE html><html lang="en"></html>')).toBe('<!DOCTYPE html><html lang="en"></html>');
    expect(withDoctype('<html lang="en"></html>')).toBe('<!DOCTYPE html><html lang="en"></html>');
  });
});
