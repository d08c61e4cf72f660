// Word translation probabilities from symmetrised links: lexical weights and best word translations.
import { IntPairMap } from './int-pair-map.ts';

export interface WordLinkModel {
  /**
   * Lexical weight of the phrase pair (English [es, ee), Lopit [ls, le)): of the English side given
   * the Lopit side when `enGivenLpx`, else the reverse. Unlinked words are scored against NULL.
   */
  weight(
    en: Int32Array,
    es: number,
    ee: number,
    lpx: Int32Array,
    ls: number,
    le: number,
    matrix: Uint8Array,
    m: number,
    enGivenLpx: boolean,
  ): number;
  bestLpxForEn: Int32Array;
  bestEnForLpx: Int32Array;
}

/** Counts links (ids shifted by one, 0 = NULL) and derives w(en | lpx) and w(lpx | en). */
export function wordLinkModel(
  en: readonly Int32Array[],
  lpx: readonly Int32Array[],
  matrices: readonly Uint8Array[],
): WordLinkModel {
  const pairs = new IntPairMap(1 << 16);
  const counts: number[] = [];
  const keyEn: number[] = [];
  const keyLpx: number[] = [];
  let enSize = 0;
  let lpxSize = 0;
  const add = (e: number, l: number) => {
    const id = pairs.intern(e, l);
    if (id === counts.length) {
      counts.push(1);
      keyEn.push(e);
      keyLpx.push(l);
    } else counts[id] = (counts[id] as number) + 1;
  };
  for (let s = 0; s < en.length; s++) {
    const a = en[s] as Int32Array;
    const b = lpx[s] as Int32Array;
    const matrix = matrices[s] as Uint8Array;
    const m = b.length;
    const lpxLinked = new Uint8Array(m);
    for (let i = 0; i < a.length; i++) {
      let linked = false;
      for (let j = 0; j < m; j++) {
        if (!matrix[i * m + j]) continue;
        add((a[i] as number) + 1, (b[j] as number) + 1);
        linked = true;
        lpxLinked[j] = 1;
      }
      if (!linked) add((a[i] as number) + 1, 0);
      enSize = Math.max(enSize, (a[i] as number) + 2);
    }
    for (let j = 0; j < m; j++) {
      if (!lpxLinked[j]) add(0, (b[j] as number) + 1);
      lpxSize = Math.max(lpxSize, (b[j] as number) + 2);
    }
  }
  const totalEn = new Float64Array(enSize);
  const totalLpx = new Float64Array(lpxSize);
  const bestLpxForEn = new Int32Array(Math.max(0, enSize - 1)).fill(-1);
  const bestEnForLpx = new Int32Array(Math.max(0, lpxSize - 1)).fill(-1);
  const bestLpxCount = new Float64Array(enSize);
  const bestEnCount = new Float64Array(lpxSize);
  counts.forEach((c, id) => {
    const e = keyEn[id] as number;
    const l = keyLpx[id] as number;
    totalEn[e] = (totalEn[e] as number) + c;
    totalLpx[l] = (totalLpx[l] as number) + c;
    if (e > 0 && l > 0 && c > (bestLpxCount[e] as number)) {
      bestLpxCount[e] = c;
      bestLpxForEn[e - 1] = l - 1;
    }
    if (e > 0 && l > 0 && c > (bestEnCount[l] as number)) {
      bestEnCount[l] = c;
      bestEnForLpx[l - 1] = e - 1;
    }
  });
  const count = (e: number, l: number) => {
    const id = pairs.get(e, l);
    return id < 0 ? 0 : (counts[id] as number);
  };
  // w(en | lpx) = c(en, lpx) / c(lpx); tiny floor so that a log never sees zero.
  const wEnGivenLpx = (e: number, l: number) =>
    Math.max(1e-7, count(e, l) / Math.max(1, totalLpx[l] as number));
  const wLpxGivenEn = (e: number, l: number) =>
    Math.max(1e-7, count(e, l) / Math.max(1, totalEn[e] as number));

  return {
    bestLpxForEn,
    bestEnForLpx,
    weight(a, es, ee, b, ls, le, matrix, m, enGivenLpx) {
      let product = 1;
      if (enGivenLpx) {
        for (let i = es; i < ee; i++) {
          let sum = 0;
          let links = 0;
          for (let j = ls; j < le; j++) {
            if (!matrix[i * m + j]) continue;
            sum += wEnGivenLpx((a[i] as number) + 1, (b[j] as number) + 1);
            links++;
          }
          product *= links > 0 ? sum / links : wEnGivenLpx((a[i] as number) + 1, 0);
        }
      } else {
        for (let j = ls; j < le; j++) {
          let sum = 0;
          let links = 0;
          for (let i = es; i < ee; i++) {
            if (!matrix[i * m + j]) continue;
            sum += wLpxGivenEn((a[i] as number) + 1, (b[j] as number) + 1);
            links++;
          }
          product *= links > 0 ? sum / links : wLpxGivenEn(0, (b[j] as number) + 1);
        }
      }
      return product;
    },
  };
}
