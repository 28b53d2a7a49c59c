// The name a mistyped word was meant to be: the closest by edit distance (insertions, deletions,
// substitutions, ignoring case), when it is close enough to be a typo of it, not another word.

/** Levenshtein distance between `a` and `b`. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = row;
  }
  return previous[b.length]!;
}

/** The name of `names` closest to `word`, if at most a quarter of it (and 3 at most) differs. */
export function nearest(word: string, names: ReadonlyArray<string>): string | undefined {
  const lower = word.toLowerCase();
  let best: { name: string; d: number } | undefined;
  for (const name of names) {
    const d = distance(lower, name.toLowerCase());
    if (!best || d < best.d) best = { name, d };
  }
  return best && best.d <= Math.min(3, Math.floor(best.name.length / 4)) ? best.name : undefined;
}
