import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/**
 * Checks answers against the served OpenAPI document (`/docs/openapi.json`), so the document cannot
 * drift from the code: every 2xx must be a status the operation documents, and a JSON body must match
 * the documented schema (ajv; OpenAPI 3.0's `nullable` is an ajv keyword). Operations are found by
 * method and path template; routes the document leaves out on purpose (legacy aliases, /docs) are not
 * checked. The end-to-end HTTP client (test-app.ts) calls this on every response it receives.
 */
export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, unknown> };
}
export interface OpenApiOperation {
  operationId?: string;
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: unknown }>;
  requestBody?: { required?: boolean; content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
  security?: Array<Record<string, string[]>>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

export class OpenApiResponseChecker {
  private readonly ajv = new Ajv({ strict: false, allErrors: true });
  private readonly routes: Array<{ method: string; template: string; pattern: RegExp; operation: OpenApiOperation; params: number }>;
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(readonly document: OpenApiDocument) {
    addFormats(this.ajv);
    this.ajv.addSchema({ $id: 'openapi', components: document.components ?? {} });
    this.routes = Object.entries(document.paths).flatMap(([template, operations]) => METHODS
      .filter((method) => operations[method])
      .map((method) => ({
        method: method.toUpperCase(),
        template,
        pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
        operation: operations[method],
        params: (template.match(/\{/g) ?? []).length,
      })))
      // A literal segment wins over a parameter (/shipments/bulk/status before /shipments/{id}/...).
      .sort((a, b) => a.params - b.params);
  }

  /** The documented operation for a call, if the document has one. */
  find(method: string, path: string): { template: string; operation: OpenApiOperation } | undefined {
    const bare = path.split('?')[0];
    return this.routes.find((route) => route.method === method.toUpperCase() && route.pattern.test(bare));
  }

  /** Problems with an answer (empty when it matches the document). */
  check(method: string, path: string, status: number, contentType: string | undefined, body: unknown): string[] {
    const found = this.find(method, path);
    if (!found) return [];
    const responses = found.operation.responses ?? {};
    const documented = responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
    const where = `${method.toUpperCase()} ${found.template} → ${status}`;
    if (!documented) return status >= 200 && status < 300 ? [`${where}: status not in the OpenAPI document`] : [];
    const schema = documented.content?.['application/json']?.schema;
    if (!schema || !contentType?.includes('json')) return [];
    const key = `${where}`;
    let validate = this.compiled.get(key);
    if (!validate) {
      validate = this.ajv.compile(rebase(schema) as object);
      this.compiled.set(key, validate);
    }
    if (validate(body)) return [];
    return (validate.errors ?? []).map((error) => `${where}: body${error.instancePath} ${error.message} ${JSON.stringify(error.params)}`);
  }
}

/** `#/components/...` references point into the schema registered as `openapi`. */
function rebase(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(rebase);
  if (schema === null || typeof schema !== 'object') return schema;
  return Object.fromEntries(Object.entries(schema).map(([key, value]) =>
    [key, key === '$ref' && typeof value === 'string' && value.startsWith('#/') ? `openapi${value}` : rebase(value)]));
}
