// The shipped systemd unit is one systemd accepts, and it restarts the server after a failure.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const unit = fs.readFileSync(path.join(root, 'deploy', 'lopit.service'), 'utf8');
const hasSystemd = spawnSync('systemd-analyze', ['--version']).status === 0;

describe('deploy/lopit.service', () => {
  it('restarts on failure, stops gracefully and keeps files private', () => {
    expect(unit).toMatch(/^Restart=on-failure$/m);
    expect(unit).toMatch(/^KillSignal=SIGTERM$/m);
    expect(unit).toMatch(/^UMask=0077$/m);
    expect(unit).toMatch(/^ExecStart=\/opt\/lopit\/node_modules\/\.bin\/tsx server\/main\.ts$/m);
    // What it starts exists in this checkout.
    expect(fs.existsSync(path.join(root, 'server', 'main.ts'))).toBe(true);
  });

  it.runIf(hasSystemd)('passes systemd-analyze verify (paths pointed at this checkout)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lopit-unit-'));
    const local = path.join(dir, 'lopit.service');
    fs.writeFileSync(local, unit.replaceAll('/opt/lopit', root).replace(/^User=.*$|^Group=.*$/gm, ''));
    const result = spawnSync('systemd-analyze', ['verify', local], { encoding: 'utf8' });
    fs.rmSync(dir, { recursive: true, force: true });
    // Lines about the host's own units (not ours) are not this test's business.
    const ours = `${result.stderr}`.split('\n').filter((line) => line.includes('lopit.service'));
    expect(ours).toEqual([]);
  });
});
