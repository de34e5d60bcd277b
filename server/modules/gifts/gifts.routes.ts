import { giftsApi as endpoints } from '#contracts/gifts.api';
import { answerOutcome, type HttpApp, type Route } from '#server/http/route';
import type { GiftsService } from './gifts.service';

/** Gifts (contracts/gifts.api.ts): each handler is one service call. */
export function giftsRoutes(app: HttpApp, route: Route, gifts: GiftsService) {
  route(app, endpoints.list, async ({ caller }) => gifts.list(caller.userId));

  route(app, endpoints.send, async ({ caller, body, tx, emit }) => ({
    gift: answerOutcome(emit, await gifts.send(tx, caller.userId, body)),
  }));

  route(app, endpoints.claim, async ({ caller, params, tx, emit }) =>
    answerOutcome(emit, await gifts.claim(tx, caller.userId, params.id)),
  );

  route(app, endpoints.cancel, async ({ caller, params, tx }) => gifts.cancel(tx, caller.userId, params.id));
}
