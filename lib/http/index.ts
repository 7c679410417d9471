export { BodyRejectedError, parseFormBody, parseJsonBody, readBodyBytes, readBodyText } from "./body.ts";
export { sendJson } from "./json-reply.ts";
export { REQUEST_ID_HEADER, saneRequestId } from "./request-id.ts";
