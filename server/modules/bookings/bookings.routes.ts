import { bookingsApi as endpoints } from '#contracts/bookings.api';
import type { HttpApp, Route } from '#server/http/route';
import type { BookingsService } from './bookings.service';

/** Booking a service at a time (contracts/bookings.api.ts): each handler is one service call. */
export function bookingsRoutes(app: HttpApp, route: Route, bookings: BookingsService) {
  route(app, endpoints.create, async ({ caller, body, tx, emit }) => {
    const created = await bookings.create(tx, caller.userId, body);
    emit(created.events);
    return created.booking;
  });

  route(app, endpoints.quote, async ({ caller, query }) =>
    bookings.quote(caller.userId, query.service_id, query.coupon),
  );

  route(app, endpoints.mine, async ({ caller, query }) => bookings.mine(caller.userId, query.when));

  route(app, endpoints.get, async ({ caller, params }) => bookings.get(caller.userId, params.id));

  route(app, endpoints.cancel, async ({ caller, params, body, tx, emit }) => {
    const cancelled = await bookings.cancel(tx, caller.userId, params.id, body);
    emit(cancelled.events);
    return cancelled.booking;
  });

  route(app, endpoints.join, async ({ caller, params }) => bookings.join(caller.userId, params.id));
}
