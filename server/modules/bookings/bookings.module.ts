import type { HttpApp, ModuleDeps } from '#server/http/route';
import { createBookingsRepository } from './bookings.repository';
import { bookingsRoutes } from './bookings.routes';
import type { SessionsService } from '../sessions/sessions.service';
import { createBookingsService, type BookingsService } from './bookings.service';

export type BookingsModuleDeps = Omit<ModuleDeps<typeof createBookingsService>, 'sessions'> & {
  sessions: Pick<SessionsService, 'createFromBooking' | 'onSessionCompleted'>;
};

/**
 * The bookings module (#18): a service booked at a free time, its price held; its repository, service
 * and routes. A booked session's completion (the sessions module's completing transaction) completes
 * its booking with the coach's earnings.
 */
export function registerBookings(app: HttpApp, deps: BookingsModuleDeps): BookingsService {
  const { route, ...serviceDeps } = deps;
  const repository = createBookingsRepository();
  const bookings = createBookingsService({ ...serviceDeps, repository });
  deps.sessions.onSessionCompleted((tx, session) =>
    repository.completeFromSession(tx, session.id, deps.clock.now()),
  );
  bookingsRoutes(app, route, bookings);
  return bookings;
}
