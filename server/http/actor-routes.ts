import { initServer } from '@ts-rest/express';
import { actorsContract } from '../../contract';
import { describeActor, describeSubgraph } from '../actors';
import { AppError } from '../errors';
import { type AppServices, success } from '../transport';

const s = initServer();

/** Handlers of `/actors`: the catalogue a frontend builds its palette and forms from, with the composite `subgraph` node last. */
export function actorRoutes({ catalogue }: AppServices) {
  const described = [...catalogue.list().map(describeActor), describeSubgraph()];
  const byId = new Map(described.map((d) => [d.id, d]));
  return s.router(actorsContract, {
    listActors: async () => ({ status: 200, body: success({ actors: described }) }),
    getActor: async ({ params }) => {
      const actor = byId.get(params.actor_id);
      if (!actor) throw new AppError('NOT_FOUND', `Actor '${params.actor_id}' not found`);
      return { status: 200, body: success(actor) };
    },
  });
}
