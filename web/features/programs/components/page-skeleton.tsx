/**
 * The placeholder of a program screen while it loads: pulsing blocks in the page's column, named
 * for assistive tech. Each entry of `blocks` sizes one block (height, width, spacing, corners).
 */
export function PageSkeleton({
  label,
  width,
  blocks,
}: {
  label: string;
  width: 'max-w-3xl' | 'max-w-4xl';
  blocks: readonly string[];
}) {
  return (
    <div aria-busy="true" aria-label={label} className={`mx-auto w-full ${width} px-4 py-8 sm:px-6`}>
      {blocks.map((block) => (
        <div key={block} className={`animate-pulse bg-surface ${block}`} />
      ))}
    </div>
  );
}
