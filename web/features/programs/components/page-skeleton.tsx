/** The pulsing blocks of each program screen while it loads: its column width and the blocks in it. */
const LAYOUTS = {
  lesson: {
    label: 'Loading the lesson',
    width: 'max-w-3xl',
    blocks: ['h-4 w-1/3 rounded', 'mt-4 h-8 w-2/3 rounded', 'mt-6 h-48 rounded-[var(--radius-card)]'],
  },
  program: {
    label: 'Loading the program',
    width: 'max-w-4xl',
    blocks: ['h-40 rounded-[var(--radius-card)]', 'mt-6 h-8 w-2/3 rounded', 'mt-3 h-24 rounded'],
  },
} as const;

/** The placeholder of a program screen (the program page or a lesson) while it loads, named for assistive tech. */
export function PageSkeleton({ of }: { of: keyof typeof LAYOUTS }) {
  const { label, width, blocks } = LAYOUTS[of];
  return (
    <div aria-busy="true" aria-label={label} className={`mx-auto w-full ${width} px-4 py-8 sm:px-6`}>
      {blocks.map((block) => (
        <div key={block} className={`animate-pulse bg-surface ${block}`} />
      ))}
    </div>
  );
}
