// Word vocabulary: matching form <-> integer id, with the most frequent written form for output.

export class Vocabulary {
  readonly words: string[] = [];
  readonly surfaces: string[] = [];
  private readonly ids = new Map<string, number>();
  private surfaceCounts: Map<string, number>[] | null = [];

  constructor(words: readonly string[] = [], surfaces: readonly string[] = []) {
    words.forEach((w, i) => {
      this.ids.set(w, i);
      this.words.push(w);
      this.surfaces.push(surfaces[i] ?? w);
    });
    if (words.length > 0) this.surfaceCounts = null;
  }

  get size(): number {
    return this.words.length;
  }

  id(word: string): number | undefined {
    return this.ids.get(word);
  }

  /** The id of `word`, adding it; `surface` (as written, not sentence-initial) votes for its output form. */
  add(word: string, surface?: string): number {
    let id = this.ids.get(word);
    if (id === undefined) {
      id = this.words.length;
      this.ids.set(word, id);
      this.words.push(word);
      this.surfaces.push(surface ?? word);
      this.surfaceCounts?.push(new Map());
    }
    if (surface !== undefined && this.surfaceCounts) {
      const counts = this.surfaceCounts[id] as Map<string, number>;
      counts.set(surface, (counts.get(surface) ?? 0) + 1);
    }
    return id;
  }

  /** Fixes each word's output form to its most frequent written form; the vocabulary stops counting. */
  finalise(): void {
    if (!this.surfaceCounts) return;
    this.surfaceCounts.forEach((counts, id) => {
      let best = -1;
      for (const [s, c] of counts) {
        if (c > best) {
          best = c;
          this.surfaces[id] = s;
        }
      }
    });
    this.surfaceCounts = null;
  }
}
