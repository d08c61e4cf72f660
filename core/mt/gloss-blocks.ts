// Splits a phrase pair into the smallest blocks its word links allow, for a word-by-word gloss.

/** A block of a phrase: source words [source, sourceEnd) render as target words [target, targetEnd). */
export interface GlossBlock {
  source: number;
  sourceEnd: number;
  target: number;
  targetEnd: number;
}

/**
 * Groups linked words into blocks whose source and target ranges do not overlap, in source order.
 * A source word without links is a block with an empty target range; target words without links
 * stay out of every block (they have no source word to sit under). Without links, one block.
 */
export function glossBlocks(
  sourceLength: number,
  targetLength: number,
  links: readonly [number, number][],
): GlossBlock[] {
  if (links.length === 0) return [{ source: 0, sourceEnd: sourceLength, target: 0, targetEnd: targetLength }];
  let blocks: GlossBlock[] = links.map(([s, t]) => ({
    source: s,
    sourceEnd: s + 1,
    target: t,
    targetEnd: t + 1,
  }));
  const overlaps = (a: GlossBlock, b: GlossBlock) =>
    (a.source < b.sourceEnd && b.source < a.sourceEnd) || (a.target < b.targetEnd && b.target < a.targetEnd);
  // Merge until no two blocks share a source or target word (quadratic, but phrases have <= 5 words).
  let merged = true;
  while (merged) {
    merged = false;
    outer: for (let i = 0; i < blocks.length; i++) {
      for (let j = i + 1; j < blocks.length; j++) {
        const a = blocks[i] as GlossBlock;
        const b = blocks[j] as GlossBlock;
        if (!overlaps(a, b)) continue;
        blocks[i] = {
          source: Math.min(a.source, b.source),
          sourceEnd: Math.max(a.sourceEnd, b.sourceEnd),
          target: Math.min(a.target, b.target),
          targetEnd: Math.max(a.targetEnd, b.targetEnd),
        };
        blocks = blocks.filter((_, k) => k !== j);
        merged = true;
        break outer;
      }
    }
  }
  for (let s = 0; s < sourceLength; s++) {
    if (!blocks.some((b) => b.source <= s && s < b.sourceEnd)) {
      const before = blocks.filter((b) => b.sourceEnd <= s).reduce((t, b) => Math.max(t, b.targetEnd), 0);
      blocks.push({ source: s, sourceEnd: s + 1, target: before, targetEnd: before });
    }
  }
  return blocks.sort((a, b) => a.source - b.source);
}
