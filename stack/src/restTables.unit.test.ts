import { proxiedPrefixesOf, restRoutesOf, restTables } from './restTables';
import { serviceProxiedPrefixes, serviceRestRoutes, services } from './services';

describe("the gateway's REST tables", () => {
  it('are the registry’s services, in its order, each with the table its definition carries', () => {
    expect(restTables.map((table) => table.name)).toEqual(services.map((service) => service.name));
    for (const [index, table] of restTables.entries()) {
      expect(table.restRoutes).toBe(services[index]!.restRoutes);
      expect(table.proxiedPrefixes).toBe(services[index]!.proxiedPrefixes);
    }
  });

  it('give the gateway the routes and media the embedded stack serves', () => {
    expect(restRoutesOf(restTables)).toEqual(serviceRestRoutes());
    expect(proxiedPrefixesOf(restTables)).toEqual(serviceProxiedPrefixes());
  });
});
