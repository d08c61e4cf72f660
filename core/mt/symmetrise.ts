// Symmetrisation of two directional word alignments with grow-diag-final-and (Koehn et al. 2003).

const NEIGHBOURS: readonly [number, number][] = [
  [-1, 0],
  [0, -1],
  [1, 0],
  [0, 1],
  [-1, -1],
  [-1, 1],
  [1, -1],
  [1, 1],
];

/**
 * `forward[j]` is the source position aligned to target word j (from the source-to-target model),
 * `backward[i]` the target position aligned to source word i (from the other model), -1 for NULL.
 * Returns an n x m matrix (row = source position) with 1 where words are linked.
 */
export function growDiagFinalAnd(
  n: number,
  m: number,
  forward: Int32Array,
  backward: Int32Array,
): Uint8Array {
  const inForward = new Uint8Array(n * m);
  const inBackward = new Uint8Array(n * m);
  forward.forEach((i, j) => {
    if (i >= 0) inForward[i * m + j] = 1;
  });
  backward.forEach((j, i) => {
    if (j >= 0) inBackward[i * m + j] = 1;
  });
  const a = new Uint8Array(n * m);
  const srcAligned = new Uint8Array(n);
  const tgtAligned = new Uint8Array(m);
  const add = (i: number, j: number) => {
    a[i * m + j] = 1;
    srcAligned[i] = 1;
    tgtAligned[j] = 1;
  };
  for (let k = 0; k < n * m; k++) if (inForward[k] && inBackward[k]) add(Math.floor(k / m), k % m);

  // grow-diag: add union points next to existing points that align a so far unaligned word.
  let changed = true;
  while (changed) {
    changed = false;
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < m; j++) {
        if (!a[i * m + j]) continue;
        for (const [di, dj] of NEIGHBOURS) {
          const ni = i + di;
          const nj = j + dj;
          if (ni < 0 || nj < 0 || ni >= n || nj >= m || a[ni * m + nj]) continue;
          if ((!srcAligned[ni] || !tgtAligned[nj]) && (inForward[ni * m + nj] || inBackward[ni * m + nj])) {
            add(ni, nj);
            changed = true;
          }
        }
      }
    }
  }
  // final-and: directional points whose words are both still unaligned.
  for (const directional of [inForward, inBackward]) {
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < m; j++) {
        if (directional[i * m + j] && !srcAligned[i] && !tgtAligned[j]) add(i, j);
      }
    }
  }
  return a;
}
