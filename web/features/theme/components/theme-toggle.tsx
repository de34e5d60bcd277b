import { Monitor, Moon, Sun } from 'lucide-react';
import { ToggleGroup } from 'radix-ui';
import { THEME_PREFERENCES, type ThemePreference } from '#web/lib/theme';
import { useTheme } from '../hooks/use-theme';

const OPTIONS: Record<ThemePreference, { label: string; icon: typeof Sun }> = {
  light: { label: 'Light theme', icon: Sun },
  dark: { label: 'Dark theme', icon: Moon },
  system: { label: 'System theme', icon: Monitor },
};

/** Light, dark or system; arrow keys move between the three choices. */
export function ThemeToggle() {
  const { preference, setPreference } = useTheme();
  return (
    <ToggleGroup.Root
      type="single"
      value={preference}
      onValueChange={(value) => {
        if (value) setPreference(value as ThemePreference);
      }}
      aria-label="Theme"
      className="inline-flex rounded-[var(--radius-control)] border border-border bg-surface p-0.5"
    >
      {THEME_PREFERENCES.map((value) => {
        const { label, icon: Icon } = OPTIONS[value];
        return (
          <ToggleGroup.Item
            key={value}
            value={value}
            aria-label={label}
            title={label}
            className="inline-flex size-10 items-center justify-center rounded-[6px] text-text-muted hover:text-text data-[state=on]:bg-primary-soft data-[state=on]:text-primary"
          >
            <Icon aria-hidden="true" className="size-[18px]" />
          </ToggleGroup.Item>
        );
      })}
    </ToggleGroup.Root>
  );
}
