import { describe, expect, it } from 'vitest';
import {
  createNotificationStore,
  notificationStorageKey,
  NOTIFICATIONS_KEPT,
  type NotificationInput,
} from './notification-store';

const input = (key: string, title = key): NotificationInput => ({
  key,
  type: 'session_rejected',
  title,
  message: `Message ${key}`,
  coachName: 'Lena Ortiz',
  color: '#ff7e5f',
  icon: 'calendar-x',
  actionText: 'Send Message',
  action: '/chat',
});

describe('notification store (SPEC §4/§9)', () => {
  it('keeps only the 5 newest, newest first', () => {
    let clock = 1_000;
    const store = createNotificationStore('user-a', () => (clock += 1));
    for (const key of ['n1', 'n2', 'n3', 'n4', 'n5', 'n6', 'n7']) store.add(input(key));
    expect(NOTIFICATIONS_KEPT).toBe(5);
    expect(store.getItems().map((item) => item.title)).toEqual(['n7', 'n6', 'n5', 'n4', 'n3']);
  });

  it('adds each key once, even after it was dismissed', () => {
    const store = createNotificationStore('user-a');
    expect(store.add(input('session_rejected:r1'))).toBe(true);
    expect(store.add(input('session_rejected:r1'))).toBe(false);
    expect(store.getItems()).toHaveLength(1);
    store.dismiss(store.getItems()[0]!.id);
    expect(store.getItems()).toHaveLength(0);
    expect(store.add(input('session_rejected:r1'))).toBe(false);
    expect(store.getItems()).toHaveLength(0);
  });

  it('dismisses one, clears all, and keeps them per person across a reload', () => {
    const store = createNotificationStore('user-a');
    store.add(input('a'));
    store.add(input('b'));
    store.add(input('c'));
    store.dismiss(store.getItems().find((item) => item.title === 'b')!.id);
    expect(store.getItems().map((item) => item.title)).toEqual(['c', 'a']);

    // A reload: a new store reads what the person had; another person has none.
    expect(
      createNotificationStore('user-a')
        .getItems()
        .map((item) => item.title),
    ).toEqual(['c', 'a']);
    expect(createNotificationStore('user-b').getItems()).toEqual([]);

    store.clear();
    expect(createNotificationStore('user-a').getItems()).toEqual([]);
  });

  it("follows the person's other tabs (storage events) and ignores broken storage", () => {
    const here = createNotificationStore('user-a');
    const seen: number[] = [];
    const stop = here.subscribe(() => seen.push(here.getItems().length));
    const otherTab = createNotificationStore('user-a');
    otherTab.add(input('x'));
    window.dispatchEvent(new StorageEvent('storage', { key: notificationStorageKey('user-a') }));
    expect(here.getItems().map((item) => item.title)).toEqual(['x']);
    expect(seen).toEqual([1]);
    // The same event in this tab would not add it twice.
    expect(here.add(input('x'))).toBe(false);
    stop();

    window.localStorage.setItem(notificationStorageKey('user-c'), '{not json');
    expect(createNotificationStore('user-c').getItems()).toEqual([]);
  });
});
