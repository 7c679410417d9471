import { describe, expect, it } from "vitest";
import { deviceOf, storedDevice, UNKNOWN_DEVICE } from "~/domain/session-device";

const agents = {
  chromeWindows: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  edgeWindows:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86",
  safariMac: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
  firefoxLinux: "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
  safariIphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  chromeIphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1",
  safariIpad:
    "Mozilla/5.0 (iPad; CPU OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  chromeAndroidPhone:
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.81 Mobile Safari/537.36",
  chromeAndroidTablet: "Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.81 Safari/537.36",
  samsungAndroid:
    "Mozilla/5.0 (Linux; Android 14; SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36",
  firefoxAndroid: "Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0",
  operaWindows:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0",
  chromebook: "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  headlessChromium: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36",
  curl: "curl/8.5.0",
};

describe("the device a session was started on, from its User-Agent", () => {
  it.each([
    ["chromeWindows", { kind: "computer", system: "windows", browser: "chrome" }],
    ["edgeWindows", { kind: "computer", system: "windows", browser: "edge" }],
    ["operaWindows", { kind: "computer", system: "windows", browser: "opera" }],
    ["safariMac", { kind: "computer", system: "macos", browser: "safari" }],
    ["firefoxLinux", { kind: "computer", system: "linux", browser: "firefox" }],
    ["chromebook", { kind: "computer", system: "chromeos", browser: "chrome" }],
    ["safariIphone", { kind: "phone", system: "ios", browser: "safari" }],
    ["chromeIphone", { kind: "phone", system: "ios", browser: "chrome" }],
    ["safariIpad", { kind: "tablet", system: "ipados", browser: "safari" }],
    ["chromeAndroidPhone", { kind: "phone", system: "android", browser: "chrome" }],
    ["chromeAndroidTablet", { kind: "tablet", system: "android", browser: "chrome" }],
    ["samsungAndroid", { kind: "phone", system: "android", browser: "samsung" }],
    ["firefoxAndroid", { kind: "phone", system: "android", browser: "firefox" }],
    ["headlessChromium", { kind: "computer", system: "linux", browser: "chrome" }],
    ["curl", { kind: "computer", system: "other", browser: "other" }],
  ] as const)("%s", (name, device) => {
    expect(deviceOf(agents[name])).toEqual(device);
  });

  it("no User-Agent at all is an unknown computer", () => {
    expect(deviceOf(null)).toEqual(UNKNOWN_DEVICE);
    expect(deviceOf("")).toEqual(UNKNOWN_DEVICE);
  });

  it("a stored value that is not a device (a row from before, or altered) reads as unknown", () => {
    expect(storedDevice(null)).toEqual(UNKNOWN_DEVICE);
    expect(storedDevice({ kind: "phone", system: "beos", browser: "chrome" })).toEqual(UNKNOWN_DEVICE);
    expect(storedDevice({ kind: "phone", system: "ios", browser: "safari" })).toEqual({ kind: "phone", system: "ios", browser: "safari" });
  });
});
