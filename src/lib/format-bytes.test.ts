import { afterEach, describe, expect, it } from 'vitest';
import { SOURCE_LOCALE } from '../../core/i18n/languages.ts';
import { i18n } from '../i18n/i18n.tsx';
import { formatBytes } from './format-bytes.ts';

afterEach(() => i18n.activate(SOURCE_LOCALE));

describe('byte counts', () => {
  it('are written as people read them', () => {
    expect([formatBytes(512), formatBytes(3.4 * 1024), formatBytes(120 * 1024 * 1024)]).toEqual([
      '512 B',
      '3.4 kB',
      '120 MB',
    ]);
  });

  it('take the decimal sign of the interface’s language', () => {
    i18n.loadAndActivate({ locale: 'fr', messages: {} });
    expect(formatBytes(3.4 * 1024)).toBe('3,4 kB');
  });
});
