import type { RealtimeEvent } from '#contracts/realtime';
import type { Clock } from '#domain/clock';
import type { Database, DbExecutor } from '#server/db/client';
import type { UploadsService } from '../uploads/uploads.service';
import type { ProfilesRepository } from './profiles.repository';

/** What the profiles module needs of uploads: check that a picture exists, delete a replaced one. */
export type ProfilePictureStore = Pick<UploadsService, 'read' | 'remove'>;

export type ProfilesDeps = {
  db: Database;
  repository: ProfilesRepository;
  clock: Clock;
  /** Without it picture URLs are still checked by shape, but not for existence, and nothing is deleted. */
  pictures?: ProfilePictureStore;
  /**
   * Showing or hiding one's online status changes what discovery and coach pages show: announced in the
   * update's transaction (the presence module records the broadcast event); the caller delivers the
   * events after commit.
   */
  presence?: {
    announce: (tx: DbExecutor, userId: string) => Promise<RealtimeEvent>;
  };
};
