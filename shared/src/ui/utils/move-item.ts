/** The list with the item `fromId` moved to where `toId` is (after it when moving down, before it when moving up). */
export function moveItem<T extends { id: number }>(list: readonly T[], fromId: number, toId: number): T[] {
  const from = list.findIndex((item) => item.id === fromId);
  const to = list.findIndex((item) => item.id === toId);
  if (from < 0 || to < 0 || from === to) return [...list];
  const next = [...list];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
}
