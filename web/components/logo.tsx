export function Logo() {
  return (
    <span className="inline-flex items-center gap-2 text-lg font-semibold tracking-tight text-text">
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8">
        <rect width="32" height="32" rx="8" className="fill-primary" />
        <path
          d="M16 6c-4 5.2-7 8.9-7 12.6A7 7 0 0 0 23 18.6C23 14.9 20 11.2 16 6Z"
          className="fill-primary-foreground"
        />
      </svg>
      Wellspring
    </span>
  );
}
