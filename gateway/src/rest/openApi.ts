import { z } from 'zod';
import { Messages } from '@nocturne/contracts';
import type { ProxiedPrefix, RestRoute } from '@nocturne/platform/rest';
import { IDEMPOTENCY_HEADER, IdempotencyMessages, REPLAYED_HEADER } from './idempotency';

/** `/api/user/:id` in OpenAPI's spelling, `/api/user/{id}`. */
export const openApiPath = (expressPath: string) => expressPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
};

const errorBody = z.object({
  error: z.string().describe('A message fit to show the person'),
  field: z.string().optional().describe('The input field at fault, for validation errors and conflicts'),
});

const commonErrors = [
  { status: 400, description: 'Malformed JSON body, or a body that is not an object' },
  { status: 403, description: 'Cross-origin request refused (Origin does not match the site)' },
  { status: 413, description: 'Request body too large' },
  { status: 415, description: 'State-changing requests must send Content-Type: application/json' },
  { status: 500, description: 'Internal server error (a bug; details stay in the log)' },
  { status: 503, description: 'A server Nocturne needs is briefly away (Redis, the database, a service); nothing was changed; `Retry-After` says when to try again' },
  { status: 504, description: 'A server Nocturne needs did not answer in time; the call may or may not have taken effect' },
];
/** Answers of every route, reads included. */
const ALWAYS = new Set([500, 503, 504]);

/** Every write takes an Idempotency-Key (gateway/src/rest/idempotency.ts). */
const idempotencyKeyParameter = {
  name: IDEMPOTENCY_HEADER,
  in: 'header',
  required: false,
  description:
    'Makes a retry safe: the first call with a key runs and its successful answer is kept for 24 hours; a retry with the same key and the same request (method, path, body) gets that answer again, marked `Idempotent-Replayed: true`, without running anything (and without setting cookies again). Keys belong to the signed-in person, or to the client address when signed out. A call that failed keeps nothing: its retry runs again.',
  schema: { type: 'string', minLength: 1, maxLength: 200, pattern: '^[\\x21-\\x7e]+$' },
};
const idempotencyErrors = [
  { status: 400, description: IdempotencyMessages.malformed },
  { status: 409, description: `'${IdempotencyMessages.inProgress}': the first call with this Idempotency-Key is still running; \`Retry-After\`` },
  { status: 422, description: `'${IdempotencyMessages.reused}'` },
];

/** The OpenAPI 3.1 document of the REST facade, built from the same route list the router serves. */
export function buildOpenApiDocument(routes: readonly RestRoute[], info: { title: string; version: string; serverUrl?: string }, proxied: readonly ProxiedPrefix[] = []) {
  const paths: Record<string, Record<string, unknown>> = {};
  const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });
  for (const operation of proxied.flatMap((prefix) => prefix.operations)) {
    const parameters = [...operation.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => ({ name: match[1], in: 'path', required: true, schema: { type: 'string' } }));
    paths[openApiPath(operation.path)] ??= {};
    paths[openApiPath(operation.path)]![operation.method] = {
      operationId: operation.operationId,
      summary: operation.summary,
      tags: ['media'],
      ...(parameters.length > 0 && { parameters }),
      ...(operation.method === 'post' && {
        requestBody: { required: true, content: { 'multipart/form-data': { schema: { type: 'object', properties: { photos: { type: 'array', items: { type: 'string', contentMediaType: 'application/octet-stream' } } } } } } },
      }),
      responses: {
        [String(operation.success.status)]: {
          description: operation.success.description,
          content: { [operation.success.contentType]: operation.success.contentType === 'application/json' ? { schema: jsonSchema(operation.success.schema, 'output') } : {} },
        },
        ...Object.fromEntries([...operation.errors, { status: 500, description: 'Internal server error' }].map((error) => [String(error.status), errorResponse(error.description)])),
      },
    };
  }
  for (const route of routes) {
    const statefulMethod = route.method !== 'get';
    const parameters: unknown[] = [...route.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => ({ name: match[1], in: 'path', required: true, schema: { type: 'string' } }));
    if (statefulMethod) parameters.push(idempotencyKeyParameter);
    const errors = new Map<number, string>();
    const accessErrors = [
      ...(route.access === 'signedIn' ? [{ status: 401, description: `'${Messages.signedOut}'` }] : []),
      ...(route.ownerParam ? [{ status: 403, description: `'${Messages.forbidden}': \`${route.ownerParam}\` is not the signed-in user's id; nothing changes` }] : []),
    ];
    for (const error of [...accessErrors, ...route.errors, ...(statefulMethod ? [...commonErrors, ...idempotencyErrors] : commonErrors.filter((e) => ALWAYS.has(e.status)))]) {
      errors.set(error.status, errors.has(error.status) ? `${errors.get(error.status)}; ${error.description}` : error.description);
    }
    const successHeaders = {
      ...(statefulMethod && { [REPLAYED_HEADER]: { description: '`true` when this is the kept answer of an earlier call with the same Idempotency-Key', schema: { type: 'string', enum: ['true'] } } }),
      ...(route.success.setsSessionCookie && { 'Set-Cookie': { description: 'nocturne_session: HttpOnly, SameSite=Lax, Path=/', schema: { type: 'string' } } }),
      ...(route.success.clearsSessionCookie && { 'Set-Cookie': { description: 'nocturne_session cleared (Max-Age=0)', schema: { type: 'string' } } }),
    };
    const responses: Record<string, unknown> = {
      [String(route.success.status)]: {
        description: route.success.description,
        ...(Object.keys(successHeaders).length > 0 && { headers: successHeaders }),
        content: { 'application/json': { schema: jsonSchema(route.success.schema, 'output') } },
      },
    };
    for (const [status, description] of [...errors].sort(([a], [b]) => a - b)) {
      responses[String(status)] = {
        description,
        ...((status === 429 || status === 503 || (status === 409 && statefulMethod)) && { headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } } }),
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      };
    }
    paths[openApiPath(route.path)] ??= {};
    paths[openApiPath(route.path)]![route.method] = {
      operationId: route.operationId,
      summary: route.summary,
      tags: [route.tag],
      ...(route.access === 'signedIn' && { security: [{ sessionCookie: [] }] }),
      ...(parameters.length > 0 && { parameters }),
      ...(route.requestBody && { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(route.requestBody, 'input') } } } }),
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: info.title, version: info.version, description: 'REST facade of the Nocturne GraphQL API. Every call runs GraphQL operations on the supergraph; the session is the HttpOnly cookie nocturne_session.' },
    ...(info.serverUrl && { servers: [{ url: info.serverUrl }] }),
    paths,
    components: {
      schemas: { Error: jsonSchema(errorBody, 'output') },
      securitySchemes: { sessionCookie: { type: 'apiKey', in: 'cookie', name: 'nocturne_session' } },
    },
  };
}
