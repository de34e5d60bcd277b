/** Items with an id, each once, in order of first appearance (keyset pages that overlap as rows move up). */
export function distinctById<T extends { id: string }>(items: Iterable<T>): T[] {
  const seen = new Set<string>();
  const list: T[] = [];
  for (const item of items)
    if (!seen.has(item.id)) {
      seen.add(item.id);
      list.push(item);
    }
  return list;
}
