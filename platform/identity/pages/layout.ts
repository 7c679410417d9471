import { createElement } from "react";
import type { Html } from "../domain/html.ts";
import { Page, type PageOptions, renderDocument } from "./document.tsx";

/** A development page written as an `html` fragment (the outbox), in the hosted pages' frame. */
export function page(options: PageOptions & { body: Html }): string {
  const { body, ...pageOptions } = options;
  return renderDocument(
    createElement(Page, { options: pageOptions }, createElement("div", { dangerouslySetInnerHTML: { __html: body.value } })),
  );
}
