import {
  type BookableService,
  SERVICE_LIMITS,
  SERVICE_MESSAGES,
  type Service,
  type ServiceCreateBody,
  type ServiceUpdateBody,
} from '#contracts/services';
import type { Clock } from '#domain/clock';
import { DEFAULT_CANCELLATION_POLICY } from '#domain/scheduling/cancellation';
import { AppError } from '#domain/errors/app-error';
import type { Database } from '#server/db/client';
import type { ServiceChanges, ServiceRow, ServicesRepository } from './services.repository';

export function toService(row: ServiceRow): Service {
  return {
    id: row.id,
    coach_id: row.coachId,
    title: row.title,
    subtitle: row.subtitle,
    description: row.description,
    format: row.format as Service['format'],
    price: row.price,
    duration: row.duration,
    type: row.type as Service['type'],
    category: row.category,
    is_active: row.isActive,
    is_popular: row.isPopular,
    thumbnail_url: row.thumbnailUrl,
    booking_count: row.bookingCount,
    spots_left: row.spotsLeft,
    free_cancel_hours: row.freeCancelHours,
    late_cancel_percent: row.lateCancelPercent,
    position: row.position,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Optional text: blank means none. */
const blankToNull = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null || value.trim() === '' ? null : value.trim();

const microTooLong = () =>
  new AppError('VALIDATION_ERROR', undefined, {
    details: [{ path: 'body.duration', message: SERVICE_MESSAGES.microTooLong }],
  });

/**
 * A coach's services (SPEC §3 service shape) at /services. Listing one's own and creating need the coach
 * role (the endpoints' access, contracts/services.api.ts); changing or deleting needs ownership, and someone else's service answers NOT_FOUND exactly like a missing one.
 */
export function createServicesService(deps: { db: Database; repository: ServicesRepository; clock: Clock }) {
  const { db, repository, clock } = deps;

  return {
    /** Public: a coach's active services in display order. Anyone else's id gives an empty list. */
    async listPublic(coachId: string): Promise<Service[]> {
      return (await repository.listActiveByCoach(db, coachId)).map(toService);
    },

    async getPublic(id: string): Promise<BookableService> {
      const found = await repository.findActiveWithCoach(db, id);
      if (!found) throw new AppError('NOT_FOUND', 'This service is not offered right now.');
      return {
        ...toService(found.service),
        coach: {
          name: found.coachName?.trim() || found.coachUsername || 'Coach',
          username: found.coachUsername,
          avatar_url: found.coachAvatarUrl,
          time_zone: found.coachTimeZone ?? 'UTC',
        },
      };
    },

    async listMine(userId: string): Promise<Service[]> {
      return (await repository.listByCoach(db, userId)).map(toService);
    },

    async create(userId: string, body: ServiceCreateBody): Promise<Service> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        await repository.lockCoach(tx, userId);
        const existing = await repository.countByCoach(tx, userId);
        if (existing >= SERVICE_LIMITS.perCoach)
          throw new AppError('CONFLICT', SERVICE_MESSAGES.limitReached);
        const row = await repository.insert(tx, {
          coachId: userId,
          title: body.title.trim(),
          subtitle: blankToNull(body.subtitle) ?? null,
          description: blankToNull(body.description) ?? null,
          format: body.format,
          price: body.price,
          duration: body.duration,
          type: body.type ?? 'full',
          category: body.category ?? null,
          isActive: body.is_active ?? true,
          isPopular: body.is_popular ?? false,
          thumbnailUrl: body.thumbnail_url ?? null,
          spotsLeft: body.spots_left ?? null,
          freeCancelHours: body.free_cancel_hours ?? DEFAULT_CANCELLATION_POLICY.freeCancelHours,
          lateCancelPercent: body.late_cancel_percent ?? DEFAULT_CANCELLATION_POLICY.lateCancelPercent,
          // New services go last unless a place is given.
          position: body.position ?? existing,
          createdAt: now,
          updatedAt: now,
        });
        return toService(row);
      });
    },

    async update(userId: string, id: string, body: ServiceUpdateBody): Promise<Service> {
      return db.transaction(async (tx) => {
        const current = await repository.findOwned(tx, userId, id, { lock: true });
        if (!current) throw new AppError('NOT_FOUND', 'This service no longer exists. Refresh the page.');
        const type = body.type ?? current.type;
        const duration = body.duration ?? current.duration;
        if (type === 'micro' && duration > SERVICE_LIMITS.microMaxMinutes) throw microTooLong();
        const changes: ServiceChanges = { updatedAt: clock.now() };
        if (body.title !== undefined) changes.title = body.title.trim();
        if (body.subtitle !== undefined) changes.subtitle = blankToNull(body.subtitle);
        if (body.description !== undefined) changes.description = blankToNull(body.description);
        if (body.format !== undefined) changes.format = body.format;
        if (body.price !== undefined) changes.price = body.price;
        if (body.duration !== undefined) changes.duration = body.duration;
        if (body.type !== undefined) changes.type = body.type;
        if (body.category !== undefined) changes.category = body.category;
        if (body.is_active !== undefined) changes.isActive = body.is_active;
        if (body.is_popular !== undefined) changes.isPopular = body.is_popular;
        if (body.thumbnail_url !== undefined) changes.thumbnailUrl = body.thumbnail_url;
        if (body.spots_left !== undefined) changes.spotsLeft = body.spots_left;
        if (body.free_cancel_hours !== undefined) changes.freeCancelHours = body.free_cancel_hours;
        if (body.late_cancel_percent !== undefined) changes.lateCancelPercent = body.late_cancel_percent;
        if (body.position !== undefined) changes.position = body.position;
        const row = await repository.update(tx, userId, id, changes);
        if (!row) throw new AppError('NOT_FOUND', 'This service no longer exists. Refresh the page.');
        return toService(row);
      });
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!(await repository.delete(db, userId, id)))
        throw new AppError('NOT_FOUND', 'This service no longer exists. Refresh the page.');
    },
  };
}

export type ServicesService = ReturnType<typeof createServicesService>;
