/**
 * Writes moments in the browser's own time zone off the page's main thread (app/own-zone-writer.ts):
 * building the first Intl formatter loads the locale's data, which blocked the page for longer than
 * hydrating it (docs/performance.md). Takes [key, moment] pairs, answers [key, text] pairs.
 */
import type { OwnZoneMoment } from "~/domain/clock-time";

const formatters = new Map<string, Intl.DateTimeFormat>();
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<[string, OwnZoneMoment][]>) => void) | null;
  postMessage(message: unknown): void;
};

scope.onmessage = ({ data }) => {
  scope.postMessage(
    data.map(([key, { epochMs, locale, options }]) => {
      const shape = `${locale}|${JSON.stringify(options)}`;
      let formatter = formatters.get(shape);
      if (!formatter) {
        formatter = new Intl.DateTimeFormat(locale, options);
        formatters.set(shape, formatter);
      }
      return [key, formatter.format(epochMs)];
    }),
  );
};
