import { contract } from '../../contract';
import { ContractRoutes } from './contract-routes';

// Building the routes reads only the catalogue; the health handler calls nothing.
const services = { catalogue: { list: () => [] } } as unknown as ConstructorParameters<typeof ContractRoutes>[0];

describe('ContractRoutes', () => {
  it('serves each route of the contract in exactly one group', () => {
    const routes = new ContractRoutes(services);
    routes.serve('health');
    expect(() => routes.serve('health')).toThrow("The route 'health' is served already");
    routes.rest();
    expect(() => routes.serve('getWorkflow')).toThrow("The route 'getWorkflow' is served already");
  });

  it('hands out a route with its one handler for the reads before Express', async () => {
    const routes = new ContractRoutes(services);
    const health = routes.route('health');
    expect(health.route).toBe(contract.health);
    expect(await health.handler({ params: {} })).toMatchObject({ status: 200, body: { success: true, data: 'Workflow execution service is healthy' } });
  });
});
