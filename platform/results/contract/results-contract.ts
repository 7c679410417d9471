import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { parse as parseYaml } from "yaml";

/**
 * The results API's OpenAPI document (platform/results/openapi.yaml), read and compiled: which
 * operation a request is, and what the document allows it to answer. The schemas are checked by Ajv
 * (JSON Schema 2020-12, the dialect of OpenAPI 3.1); this file only finds the operation, the status
 * and the media type in the document.
 */

export const RESULTS_API_DOCUMENT = fileURLToPath(new URL("../openapi.yaml", import.meta.url));

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

interface ResponseObject {
  description: string;
  headers?: Record<string, { required?: boolean; schema?: JsonObject }>;
  content?: Record<string, { schema?: JsonObject }>;
}
interface OperationObject {
  operationId: string;
  responses: Record<string, ResponseObject | { $ref: string }>;
}

export interface ContractOperation {
  operationId: string;
  method: string;
  /** The path as the document writes it, e.g. `/results/{userID}`. */
  path: string;
}

/** One answer as the client got it: the body only when it was read (a JSON answer). */
interface ObservedResponse {
  status: number;
  headers: Headers;
  /** The body's text, when the caller read it; undefined for a file it did not read. */
  body?: string;
}

const METHODS = ["get", "put", "post", "delete", "patch", "head", "options"] as const;
const SCHEMA_PREFIX = "#/components/schemas/";
const SCHEMA_ID = "results-api";

/**
 * A schema of the document as Ajv reads it: every `#/components/schemas/X` pointed at the registered
 * components. `strict` is the reading used on the reference implementation: an object schema that
 * names its properties allows no others, so a field the service adds without the document is caught.
 * (A program's implementation may send more; the portal ignores what it does not know.)
 */
function forAjv(schema: Json, strict: boolean): Json {
  if (Array.isArray(schema)) return schema.map((each) => forAjv(each, strict));
  if (schema === null || typeof schema !== "object") return schema;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(schema)) {
    out[key] =
      key === "$ref" && typeof value === "string" && value.startsWith(SCHEMA_PREFIX)
        ? `${SCHEMA_ID}#/$defs/${value.slice(SCHEMA_PREFIX.length)}`
        : forAjv(value, strict);
  }
  if (strict && out.properties !== undefined && out.additionalProperties === undefined) out.additionalProperties = false;
  return out;
}

function describeErrors(validate: ValidateFunction): string[] {
  return (validate.errors ?? []).slice(0, 5).map((error) => {
    const where = error.instancePath || "the body";
    const detail = error.params && "additionalProperty" in error.params ? ` (${String(error.params.additionalProperty)})` : "";
    return `${where} ${error.message ?? "is not valid"}${detail}`;
  });
}

/** Reads and compiles the document. `strict`: objects allow no property the document does not name. */
export function loadResultsContract(options: { strict?: boolean } = {}) {
  const document = parseYaml(readFileSync(RESULTS_API_DOCUMENT, "utf8")) as JsonObject;
  const components = (document.components ?? {}) as JsonObject;
  const strict = options.strict ?? false;

  const ajv = new Ajv2020({ allErrors: true, strict: true, strictTuples: false });
  addFormats(ajv);
  ajv.addSchema({ $id: SCHEMA_ID, $defs: forAjv(components.schemas ?? {}, strict) as JsonObject });

  const operations: Array<{ operation: ContractOperation; matcher: RegExp; params: number; object: OperationObject }> = [];
  for (const [path, item] of Object.entries((document.paths ?? {}) as unknown as Record<string, Record<string, OperationObject>>)) {
    const pattern = path
      .split(/(\{[^}]+\})/)
      .map((part) => (part.startsWith("{") ? "([^/]+)" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
      .join("");
    for (const method of METHODS) {
      const object = item[method];
      if (!object) continue;
      operations.push({
        operation: { operationId: object.operationId, method: method.toUpperCase(), path },
        matcher: new RegExp(`^${pattern}$`),
        params: (path.match(/\{/g) ?? []).length,
        object,
      });
    }
  }
  // A path without templates wins over a templated one (OpenAPI's rule), then the fewest templates.
  operations.sort((a, b) => a.params - b.params);

  const compiled = new Map<string, ValidateFunction>();
  const validatorFor = (key: string, schema: JsonObject) =>
    compiled.get(key) ?? compiled.set(key, ajv.compile(forAjv(schema, strict) as JsonObject)).get(key)!;

  function responseOf(operation: ContractOperation, status: number): ResponseObject | null {
    const found = operations.find((candidate) => candidate.operation.operationId === operation.operationId);
    const answer =
      found?.object.responses[String(status)] ?? found?.object.responses[`${String(status)[0]}XX`] ?? found?.object.responses.default;
    if (!answer) return null;
    if ("$ref" in answer) {
      const name = answer.$ref.replace("#/components/responses/", "");
      return ((components.responses as Record<string, Json> | undefined)?.[name] as unknown as ResponseObject) ?? null;
    }
    return answer;
  }

  return {
    operations: operations.map(({ operation }) => operation),

    /** The operation a request is, or null when the document has none for it. */
    operationFor(method: string, pathname: string): ContractOperation | null {
      const upper = method.toUpperCase();
      return operations.find(({ operation, matcher }) => operation.method === upper && matcher.test(pathname))?.operation ?? null;
    },

    /** Whether the document describes this answer of that operation with a JSON body (so the caller reads it). */
    answersJson(operation: ContractOperation, status: number) {
      return Boolean(responseOf(operation, status)?.content?.["application/json"]);
    },

    /** What the document does not allow in this answer; empty when it allows it. */
    problemsWith(operation: ContractOperation, response: ObservedResponse) {
      const documented = responseOf(operation, response.status);
      if (!documented) return [`status ${response.status} is not an answer the document gives ${operation.operationId}`];
      const problems: string[] = [];
      for (const [name, header] of Object.entries(documented.headers ?? {})) {
        const value = response.headers.get(name);
        if (value === null) {
          if (header.required) problems.push(`the ${name} header is missing`);
        } else if (header.schema) {
          const validate = validatorFor(`${operation.operationId} ${response.status} header ${name}`, header.schema);
          if (!validate(value)) problems.push(`the ${name} header ${JSON.stringify(value)} ${describeErrors(validate).join("; ")}`);
        }
      }
      const content = documented.content;
      const mediaType = (response.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
      if (!content) {
        if (response.body) problems.push(`a ${response.status} has no body in the document, but one was sent`);
        return problems;
      }
      const media = content[mediaType];
      if (!media) {
        problems.push(
          `content type ${JSON.stringify(mediaType || "none")} is not one the document gives (${Object.keys(content).join(", ")})`,
        );
        return problems;
      }
      if (mediaType !== "application/json" || !media.schema || response.body === undefined) return problems;
      let body: unknown;
      try {
        body = JSON.parse(response.body);
      } catch {
        return [...problems, "the body is not JSON"];
      }
      const validate = validatorFor(`${operation.operationId} ${response.status} ${mediaType}`, media.schema);
      if (!validate(body)) problems.push(...describeErrors(validate));
      return problems;
    },

    /** What a value does not match in one schema of the document's components (`ParticipantResults`, …). */
    schemaProblems(component: string, value: unknown) {
      const validate = validatorFor(`component ${component}`, { $ref: `${SCHEMA_PREFIX}${component}` });
      return validate(value) ? [] : describeErrors(validate);
    },
  };
}

export type ResultsContract = ReturnType<typeof loadResultsContract>;
