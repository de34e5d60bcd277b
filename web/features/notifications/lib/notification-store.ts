/**
 * The client notification stack's data (SPEC §3 Notification, §4, §9): newest first, only 5 kept,
 * each added once (by its key, remembered even after it is dismissed), kept per person in
 * localStorage so a reload keeps them, and shared by the person's tabs (storage events).
 */
export const NOTIFICATIONS_KEPT = 5;
export const NOTIFICATIONS_SHOWN = 3;
const KEYS_REMEMBERED = 100;

export type NotificationType = 'session_rejected' | 'coach_message' | 'session_cancelled';

export type AppNotification = {
  id: string;
  /** Epoch ms. */
  timestamp: number;
  type: NotificationType;
  title: string;
  message: string;
  coachName: string;
  color: string;
  icon: string;
  actionText: string;
  /** Where the action goes (an app path). */
  action: string;
};

/** What a feature hands over: `key` makes it once (the same key again is ignored). */
export type NotificationInput = Omit<AppNotification, 'id' | 'timestamp'> & { key: string };

type Stored = { items: AppNotification[]; keys: string[] };

export const notificationStorageKey = (userId: string) => `wellspring.notifications.${userId}`;

function isNotification(value: unknown): value is AppNotification {
  if (!value || typeof value !== 'object') return false;
  const item = value as Record<string, unknown>;
  return (
    typeof item.id === 'string' &&
    typeof item.timestamp === 'number' &&
    typeof item.title === 'string' &&
    typeof item.message === 'string' &&
    typeof item.action === 'string'
  );
}

function read(storageKey: string): Stored {
  try {
    const raw = window.localStorage.getItem(storageKey);
    if (!raw) return { items: [], keys: [] };
    const parsed = JSON.parse(raw) as Partial<Stored>;
    const items = Array.isArray(parsed.items) ? parsed.items.filter(isNotification) : [];
    const keys = Array.isArray(parsed.keys) ? parsed.keys.filter((key) => typeof key === 'string') : [];
    return { items: items.slice(0, NOTIFICATIONS_KEPT), keys };
  } catch {
    return { items: [], keys: [] };
  }
}

function write(storageKey: string, stored: Stored) {
  try {
    window.localStorage.setItem(storageKey, JSON.stringify(stored));
  } catch {
    // Storage full or blocked: the stack still works for this page.
  }
}

export function createNotificationStore(userId: string, now: () => number = Date.now) {
  const storageKey = notificationStorageKey(userId);
  let state = read(storageKey);
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const listener of listeners) listener();
  };
  const commit = (next: Stored) => {
    state = next;
    write(storageKey, next);
    emit();
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key !== storageKey) return;
    state = read(storageKey);
    emit();
  };

  return {
    getItems: () => state.items,
    subscribe(listener: () => void) {
      if (listeners.size === 0) window.addEventListener('storage', onStorage);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) window.removeEventListener('storage', onStorage);
      };
    },
    /** Adds one on top (newest first, 5 kept); false when its key was seen before. */
    add({ key, ...input }: NotificationInput): boolean {
      // Another tab may have added it a moment ago: read what is stored first.
      const current = read(storageKey);
      if (current.keys.includes(key)) {
        state = current;
        return false;
      }
      const timestamp = now();
      const item: AppNotification = { ...input, id: `${key}:${timestamp}`, timestamp };
      commit({
        items: [item, ...current.items].slice(0, NOTIFICATIONS_KEPT),
        keys: [...current.keys, key].slice(-KEYS_REMEMBERED),
      });
      return true;
    },
    dismiss(id: string) {
      const current = read(storageKey);
      commit({ ...current, items: current.items.filter((item) => item.id !== id) });
    },
    clear() {
      commit({ ...read(storageKey), items: [] });
    },
  };
}

export type NotificationStore = ReturnType<typeof createNotificationStore>;
