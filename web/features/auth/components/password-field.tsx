import { Eye, EyeOff } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import { TextField } from '#web/components/text-field';

/** A password input with a show/hide button (a toggle, so screen readers hear its state). */
export function PasswordField(props: Omit<ComponentProps<typeof TextField>, 'type' | 'end'>) {
  const [isVisible, setIsVisible] = useState(false);
  const Icon = isVisible ? EyeOff : Eye;
  return (
    <TextField
      {...props}
      type={isVisible ? 'text' : 'password'}
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      end={
        <button
          type="button"
          aria-label="Show password"
          aria-pressed={isVisible}
          onClick={() => setIsVisible((visible) => !visible)}
          className="inline-flex size-10 items-center justify-center rounded-[var(--radius-control)] text-text-muted hover:text-text"
        >
          <Icon aria-hidden="true" className="size-5" />
        </button>
      }
    />
  );
}
