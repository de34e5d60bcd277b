import { Switch } from '#web/components/switch';
import { usePresence, usePresenceToggle } from '../hooks/use-presence';

/**
 * The coach's online switch in the header (SPEC §4): visible label "Online" / "Offline", optimistic,
 * rolled back with 'Failed to update online status'. Nothing while loading, or for a coach who is
 * not approved yet (the server answers 403: there is nothing to switch).
 */
export function PresenceToggle({ userId }: { userId: string }) {
  const presence = usePresence(userId);
  const toggle = usePresenceToggle(userId);
  if (!presence.data) return null;
  const online = presence.data.is_online;
  return (
    <div data-presence-toggle className="[&>div]:gap-2 [&>div]:py-0 [&_label]:whitespace-nowrap">
      <Switch
        label={online ? 'Online' : 'Offline'}
        checked={online}
        onChange={(next) => toggle.mutate(next)}
      />
    </div>
  );
}
