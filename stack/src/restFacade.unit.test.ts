import { createRestRouter, IdempotencyKeys, openApiPath, restRoutes, type GatewayContext, type PlannedOperations } from '@nocturne/gateway';
import { InProcessKeyValueStore } from '@nocturne/platform/inprocess';
import { createLogger } from '@nocturne/platform/logging';
import { defineRoute } from '@nocturne/platform/rest';
import { SessionStore } from '@nocturne/platform/sessions';
import { serviceProxiedPrefixes, serviceRestRoutes } from './services';

// The REST facade as the registry makes it: every service's calls, served and documented by the gateway.
const allRoutes = () => restRoutes(serviceRestRoutes(), { proxiedPrefixes: serviceProxiedPrefixes() });

interface RouterLayer {
  route?: { path: string; methods: Record<string, boolean> };
}

const documentOf = async () => {
  const openApi = allRoutes().find((route) => route.path === '/api/openapi.json')!;
  const result = await openApi.handle({ input: undefined, execute: () => Promise.reject(new Error('unused')), context: {} as GatewayContext });
  return result.body as { openapi: string; paths: Record<string, Record<string, { responses: Record<string, unknown>; requestBody?: unknown }>> };
};

describe('OpenAPI document of the REST facade', () => {
  it('describes every route the router serves, with the method it serves', async () => {
    const router = createRestRouter({
      operations: {} as PlannedOperations,
      sessions: new SessionStore(new InProcessKeyValueStore()),
      logger: createLogger('test', { env: { LOG_LEVEL: 'silent' } }),
      serviceRoutes: serviceRestRoutes(),
      idempotency: new IdempotencyKeys(new InProcessKeyValueStore()),
    });
    const served = (router.stack as RouterLayer[])
      .filter((layer) => layer.route)
      .flatMap((layer) => Object.keys(layer.route!.methods).filter((m) => m !== '_all').map((method) => ({ path: `/api${layer.route!.path}`, method })));
    const document = await documentOf();
    expect(served.length).toBe(allRoutes().length);
    for (const { path, method } of served) {
      expect(document.paths[openApiPath(path)]?.[method]).toBeDefined();
    }
  });

  it('is OpenAPI 3.1 and documents the spec calls with bodies and errors', async () => {
    const document = await documentOf();
    expect(document.openapi).toBe('3.1.0');
    for (const path of ['/api/auth/signup', '/api/auth/signin', '/api/auth/signout', '/api/forgot-password', '/api/reset-password']) {
      expect(document.paths[path]?.post?.requestBody).toBeDefined();
    }
    const signUp = document.paths['/api/auth/signup']!.post!;
    expect(Object.keys(signUp.responses)).toEqual(expect.arrayContaining(['201', '400', '409', '415', '429']));
    expect(Object.keys(document.paths['/api/auth/user']!.get!.responses)).toEqual(expect.arrayContaining(['200', '401']));
  });

  it('serves the calls of every service of the registry, the swipe and chat services included', async () => {
    const document = await documentOf();
    expect(document.paths['/api/swipes']?.post).toBeDefined();
    expect(Object.keys(document.paths['/api/messages']!.post!.responses)).toEqual(expect.arrayContaining(['201', '400', '401', '403', '404', '429']));
    expect(document.paths['/api/messages']!.post!.requestBody).toBeDefined();
    // Reading someone else's conversation answers 404, exactly as an unknown match does.
    const readResponses = Object.keys(document.paths['/api/messages']!.get!.responses);
    expect(readResponses).toEqual(expect.arrayContaining(['200', '400', '401', '404']));
    expect(readResponses).not.toContain('403');
    expect(document.paths['/api/user/{id}']?.patch).toBeDefined();
    expect(document.paths['/api/auth/signin']?.post).toBeDefined();
  });

  it('refuses two services declaring the same call', () => {
    const [first] = serviceRestRoutes();
    const twin = defineRoute({ ...first!, summary: 'the same call again' });
    expect(() => restRoutes([...serviceRestRoutes(), twin])).toThrow(`two services declare ${first!.method.toUpperCase()} ${first!.path}`);
  });

  it('writes path parameters in OpenAPI style', () => {
    expect(openApiPath('/api/user/:id/photos/:photoId')).toBe('/api/user/{id}/photos/{photoId}');
  });
});

describe('OpenAPI document of the proxied media routes', () => {
  it('describes every proxied operation', async () => {
    const document = await documentOf();
    const prefixes = serviceProxiedPrefixes();
    // The profile's photos, avatars and placeholders, forwarded to the profile subgraph.
    expect(prefixes.map(({ prefix, subgraph }) => `${subgraph} ${prefix}`)).toEqual(expect.arrayContaining(['profile /api/photos', 'profile /api/avatars', 'profile /api/placeholder']));
    for (const operation of prefixes.flatMap((prefix) => prefix.operations)) {
      expect(document.paths[openApiPath(operation.path)]?.[operation.method]).toBeDefined();
    }
  });
});

describe('access rules of the route table', () => {
  it('names, for every owner check, a parameter of its own path, on a route for signed-in callers', () => {
    for (const route of allRoutes().filter((r) => r.ownerParam !== undefined)) {
      expect(route.path).toContain(`:${route.ownerParam}`);
      expect(route.access).toBe('signedIn');
    }
  });

  it('documents 401 for signed-in routes and 403 for owner checks', async () => {
    const document = await documentOf();
    for (const route of allRoutes()) {
      const responses = Object.keys(document.paths[openApiPath(route.path)]![route.method]!.responses);
      if (route.access === 'signedIn') expect(responses).toContain('401');
      if (route.ownerParam) expect(responses).toContain('403');
    }
  });
});
