// Open-addressing hash map from a pair of non-negative integers to a dense id (0, 1, 2, ...).

/** Assigns consecutive ids to distinct (a, b) pairs; much faster than Map for millions of keys. */
export class IntPairMap {
  private keysA: Int32Array;
  private keysB: Int32Array;
  private ids: Int32Array;
  private mask: number;
  size = 0;

  constructor(expected = 1024) {
    let cap = 16;
    while (cap < expected * 2) cap *= 2;
    this.keysA = new Int32Array(cap);
    this.keysB = new Int32Array(cap);
    this.ids = new Int32Array(cap).fill(-1);
    this.mask = cap - 1;
  }

  private slot(a: number, b: number): number {
    let h = Math.imul(a, 0x9e3779b1) ^ Math.imul(b + 0x7f4a7c15, 0x85ebca6b);
    h ^= h >>> 15;
    h = Math.imul(h, 0x2c1b3c6d);
    h ^= h >>> 12;
    let i = h & this.mask;
    while (this.ids[i] !== -1 && (this.keysA[i] !== a || this.keysB[i] !== b)) i = (i + 1) & this.mask;
    return i;
  }

  /** The id of (a, b), or -1. */
  get(a: number, b: number): number {
    return this.ids[this.slot(a, b)] as number;
  }

  /** The id of (a, b), creating the next id when the pair is new. */
  intern(a: number, b: number): number {
    let i = this.slot(a, b);
    const found = this.ids[i] as number;
    if (found !== -1) return found;
    if ((this.size + 1) * 2 > this.ids.length) {
      this.grow();
      i = this.slot(a, b);
    }
    this.keysA[i] = a;
    this.keysB[i] = b;
    this.ids[i] = this.size;
    return this.size++;
  }

  private grow(): void {
    const { keysA, keysB, ids } = this;
    const cap = ids.length * 2;
    this.keysA = new Int32Array(cap);
    this.keysB = new Int32Array(cap);
    this.ids = new Int32Array(cap).fill(-1);
    this.mask = cap - 1;
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i] as number;
      if (id === -1) continue;
      const s = this.slot(keysA[i] as number, keysB[i] as number);
      this.keysA[s] = keysA[i] as number;
      this.keysB[s] = keysB[i] as number;
      this.ids[s] = id;
    }
  }
}
