// The part boundaries hold by the tools, not by convention: a probe file placed in each part, using another
// host's globals or importing what the architecture forbids, fails the part's type check and the lint, and the
// same probe without the violation passes both (so neither check passes by being broken).
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { PARTS } from './lib/parts.ts';

const root = path.resolve(import.meta.dirname, '..');

/**
 * The parsed files of each configuration, shared by its probes' programs as an editor's language service shares
 * them: the libraries and the host's types are read and parsed once per part, not once per probe. Only the probe
 * differs from one program to the next, and it is never kept here.
 */
const parsedFiles = new Map<string, Map<string, ts.SourceFile>>();

/** Type-checks one virtual file at `file` (relative to the root) under `tsconfig`, returning the messages. */
function typeErrors(tsconfig: string, file: string, text: string): string[] {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    path.join(root, tsconfig),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error(`Cannot read ${tsconfig}`);
  const probe = path.join(root, file);
  const host = ts.createCompilerHost(parsed.options);
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.fileExists = (name) => name === probe || ts.sys.fileExists(name);
  host.readFile = (name) => (name === probe ? text : readFile(name));
  const kept = parsedFiles.get(tsconfig) ?? new Map<string, ts.SourceFile>();
  parsedFiles.set(tsconfig, kept);
  host.getSourceFile = (name, language, ...rest) => {
    if (name === probe) return ts.createSourceFile(name, text, language);
    const key = `${JSON.stringify(language)} ${name}`;
    let parsed = kept.get(key);
    if (!parsed) {
      parsed = getSourceFile(name, language, ...rest);
      if (parsed) kept.set(key, parsed);
    }
    return parsed;
  };
  // A referenced part is read from its sources, as an editor reads it, so the probe needs no build first; a
  // file of neither the part nor its references is then refused (TS6307), as `tsc -b` refuses it.
  (
    host as ts.CompilerHost & { useSourceOfProjectReferenceRedirect(): boolean }
  ).useSourceOfProjectReferenceRedirect = () => true;
  // The part's own .d.ts files (core's host globals) come with its configuration, as tsc sees them.
  const declarations = parsed.fileNames.filter((name) => name.endsWith('.d.ts'));
  const program = ts.createProgram({
    rootNames: [probe, ...declarations],
    options: parsed.options,
    projectReferences: parsed.projectReferences ?? [],
    host,
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

const eslint = new ESLint({
  cwd: root,
  // The probe exists in no project, so type-aware rules are off; the import rules are not type-aware.
  overrideConfig: [{ files: ['**/*.ts', '**/*.tsx'], ...tseslint.configs.disableTypeChecked }],
});

async function lintErrors(file: string, text: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'boundaries/imports').map((m) => m.message);
}

const tsconfigOf = (name: (typeof PARTS)[number]['name']) =>
  PARTS.find((part) => part.name === name)!.tsconfig;

// Each case builds whole TypeScript programs or ESLint runs: seconds on a quiet machine, over a minute at load 17.
describe('part boundaries', { timeout: 240_000 }, () => {
  const cases = [
    {
      part: 'core',
      file: 'core/api/boundary-probe.ts',
      clean:
        "import { z } from 'zod';\nexport const bytes = new TextEncoder().encode(z.string().parse('a'));\n",
      badGlobal: 'export const where = window.location.href;\n',
      badImports: [
        "import fs from 'node:fs';\nexport { fs };\n",
        "import { api } from '../../src/lib/api-client.ts';\nexport { api };\n",
        "import Dexie from 'dexie';\nexport { Dexie };\n",
      ],
    },
    {
      part: 'src/offline',
      file: 'src/offline/boundary-probe.ts',
      clean:
        "import { ERROR_CODES } from '../../core/api/errors.ts';\nexport const idb = indexedDB && ERROR_CODES;\n",
      badGlobal: 'export const title = document.title;\n',
      badImports: [
        "import { useState } from 'react';\nexport { useState };\n",
        "import { authStore } from '../lib/auth-store.ts';\nexport { authStore };\n",
      ],
    },
    {
      part: 'sw',
      file: 'sw/boundary-probe.ts',
      clean:
        "import { BACKGROUND_SYNC_TAG } from '../src/offline/sw-protocol.ts';\nexport const tag = BACKGROUND_SYNC_TAG;\n",
      badGlobal: 'export const title = document.title;\n',
      badImports: ["import { syncEngine } from '../src/features/sync/sync.ts';\nexport { syncEngine };\n"],
    },
    {
      part: 'src',
      file: 'src/features/boundary-probe.ts',
      clean:
        "import { ERROR_CODES } from '../../core/api/errors.ts';\nexport const t = document.title + ERROR_CODES.consentRequired;\n",
      badGlobal: "export const home = process.env.HOME ?? Buffer.from('');\n",
      badImports: [
        "import { buildApp } from '../../server/app.ts';\nexport { buildApp };\n",
        "import fs from 'fs';\nexport { fs };\n",
        // The same import spelt otherwise, or loaded later: judged on the file it resolves to.
        "import { AppError } from './../../server/errors.ts';\nexport { AppError };\n",
        "import { AppError } from '../../src/../server/errors.ts';\nexport { AppError };\n",
        "export const load = () => import('../../server/app.ts');\n",
        "export type App = import('../../server/app.ts').BuildAppOptions;\n",
        "export { buildApp } from '../../server/app.ts';\n",
        'export const load = (name: string) => import(`../../server/${name}`);\n',
        "export const w = new Worker(new URL('../../server/main.ts', import.meta.url));\n",
        "export const fs = () => import('node:fs');\n",
      ],
    },
    {
      part: 'server',
      file: 'server/boundary-probe.ts',
      clean: "import fs from 'node:fs';\nexport const here = fs.existsSync(process.cwd());\n",
      badGlobal: 'export const where = window.location.href;\n',
      badImports: [
        "import { api } from '../src/lib/api-client.ts';\nexport { api };\n",
        "export const load = () => import('./../src/lib/api-client.ts');\n",
      ],
    },
  ] as const;

  for (const probe of cases) {
    it(`${probe.part}: its host's globals only`, () => {
      const tsconfig = tsconfigOf(probe.part);
      expect(typeErrors(tsconfig, probe.file, probe.clean)).toEqual([]);
      expect(typeErrors(tsconfig, probe.file, probe.badGlobal).join('\n')).toMatch(/Cannot find name/);
    });

    it(`${probe.part}: the imports the architecture allows`, async () => {
      expect(await lintErrors(probe.file, probe.clean)).toEqual([]);
      for (const text of probe.badImports) expect(await lintErrors(probe.file, text)).toHaveLength(1);
    });
  }

  it('src: a server file reached by any path or import() fails the type check too', () => {
    const probes = [
      "import { AppError } from './../../server/errors.ts';\nexport { AppError };\n",
      "import { AppError } from '../../src/../server/errors.ts';\nexport { AppError };\n",
      "export const load = () => import('../../server/errors.ts');\n",
      "export type Failure = import('../../server/errors.ts').AppError;\n",
      "export { AppError } from '../../server/errors.ts';\n",
    ];
    // server/errors.ts, small, keeps each program short.
    for (const text of probes)
      expect(typeErrors(tsconfigOf('src'), 'src/features/boundary-probe.ts', text).join('\n')).toMatch(
        /is not listed within the file list of project/,
      );
    // A server file that is allowed to import core is not refused for it.
    expect(
      typeErrors(
        tsconfigOf('server'),
        'server/boundary-probe.ts',
        "export { ERROR_CODES } from '../core/api/errors.ts';\n",
      ),
    ).toEqual([]);
  });

  it('src: a worker or dynamic import inside the page is allowed', async () => {
    const text =
      "export const w = new Worker(new URL('./chat/offline-engine.worker.ts', import.meta.url));\n" +
      "export const load = () => import('../../core/api/errors.ts');\n";
    expect(await lintErrors('src/features/boundary-probe.ts', text)).toEqual([]);
  });

  it('server/lib imports neither plugins nor features, and plugins import no feature (no folder loop)', async () => {
    const forbidden = {
      'server/lib/boundary-probe.ts': [
        "import { currentUser } from '../plugins/auth.ts';\nexport { currentUser };\n",
        "import { ConsentRepository } from '../features/consent/consent.repository.ts';\nexport { ConsentRepository };\n",
        "export const load = () => import('../features/consent/consent.repository.ts');\n",
        "import { buildApp } from '../app.ts';\nexport { buildApp };\n",
      ],
      'server/plugins/boundary-probe.ts': [
        "import { toUser } from '../features/auth/users.repository.ts';\nexport { toUser };\n",
        "export { UsersRepository } from './../lib/../features/auth/users.repository.ts';\n",
      ],
    };
    for (const [file, texts] of Object.entries(forbidden))
      for (const text of texts) expect(await lintErrors(file, text)).toHaveLength(1);
    // What each may import: lib its own folder, the database and core; plugins lib too.
    expect(
      await lintErrors(
        'server/lib/boundary-probe.ts',
        "import type { Db } from '../db/driver.ts';\nimport { AppError } from '../errors.ts';\nimport { ERROR_CODES } from '../../core/api/errors.ts';\nimport { currentUser } from './current-user.ts';\nexport type { Db };\nexport { AppError, ERROR_CODES, currentUser };\n",
      ),
    ).toEqual([]);
    expect(
      await lintErrors(
        'server/plugins/boundary-probe.ts',
        "import { RepositoryRegistry } from '../lib/repositories.ts';\nexport { RepositoryRegistry };\n",
      ),
    ).toEqual([]);
    // A feature may use lib and plugins.
    expect(
      await lintErrors(
        'server/features/consent/boundary-probe.ts',
        "import { currentUser } from '../../plugins/auth.ts';\nimport { idempotent } from '../../lib/idempotency.ts';\nexport { currentUser, idempotent };\n",
      ),
    ).toEqual([]);
  });

  it('src/lib never imports a screen', async () => {
    const text = "import { useAuth } from '../features/auth/use-auth.ts';\nexport { useAuth };\n";
    expect(await lintErrors('src/lib/boundary-probe.ts', text)).toHaveLength(1);
  });
});
