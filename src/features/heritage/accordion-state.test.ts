// At most one accordion section is open at a time.
import { describe, expect, it } from 'vitest';
import { nextOpenSection } from './accordion-state.ts';

describe('nextOpenSection', () => {
  it('opens a closed section and closes the one that was open', () => {
    expect(nextOpenSection(null, 'a')).toBe('a');
    expect(nextOpenSection('a', 'b')).toBe('b');
  });

  it('closes the open section when it is chosen again', () => {
    expect(nextOpenSection('a', 'a')).toBeNull();
  });
});
