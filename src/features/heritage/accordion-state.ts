// The culture accordion's rule: at most one section open; choosing the open one closes it.

export function nextOpenSection(open: string | null, clicked: string): string | null {
  return open === clicked ? null : clicked;
}
