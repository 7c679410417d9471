export { BodyRejectedError, parseFormBody, parseJsonBody, readBodyBytes, readBodyText } from "./body.ts";
export { isClientAbort } from "./client-abort.ts";
export { sendJson } from "./json-reply.ts";
export { REQUEST_ID_HEADER, saneRequestId } from "./request-id.ts";
