// Test support: compares a README's shown output with the real one, where `...` leaves lines out.

/**
 * Whether `shown` is `actual` abridged: the lines of `shown` in order, where a line `...` stands for
 * one or more lines left out (so the README need not list every operation nor hold their count).
 */
export function isAbridgedFrom(shown: string[], actual: string[]): boolean {
  const segments: string[][] = [[]];
  for (const line of shown) {
    if (line === '...') segments.push([]);
    else segments.at(-1)!.push(line);
  }
  const matchesAt = (segment: string[], at: number) => segment.every((line, i) => actual[at + i] === line);
  const [first, ...rest] = segments;
  if (!matchesAt(first!, 0)) return false;
  if (rest.length === 0) return first!.length === actual.length;
  const last = rest.pop()!;
  let next = first!.length;
  for (const segment of rest) {
    let at = next + 1;
    while (at + segment.length <= actual.length && !matchesAt(segment, at)) at++;
    if (at + segment.length > actual.length) return false;
    next = at + segment.length;
  }
  const lastAt = actual.length - last.length;
  return lastAt > next && matchesAt(last, lastAt);
}
