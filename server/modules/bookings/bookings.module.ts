import type { HttpApp, ModuleDeps } from '#server/http/route';
import { createBookingsRepository } from './bookings.repository';
import { bookingsRoutes } from './bookings.routes';
import { createBookingsService, type BookingsService } from './bookings.service';

export type BookingsModuleDeps = ModuleDeps<typeof createBookingsService>;

/** The bookings module (#18): a service booked at a free time, its price held; its repository, service and routes. */
export function registerBookings(app: HttpApp, deps: BookingsModuleDeps): BookingsService {
  const { route, ...serviceDeps } = deps;
  const bookings = createBookingsService({ ...serviceDeps, repository: createBookingsRepository() });
  bookingsRoutes(app, route, bookings);
  return bookings;
}
