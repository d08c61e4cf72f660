// The parts of the code base and the type-check configuration of each (README, "Architecture"): each part
// sees only its host's globals, so a core file using `window` or `process`, or a server file using `document`,
// fails to type-check. Each is a composite project (tsconfig.part.json) that lists the parts it may import as
// references, so a file of any other part fails it too (TS6307), whatever path or import() reaches the file.
// tsconfig.tools.json covers everything else (tests, scripts, configuration); tsconfig.json holds the options
// they all share and the whole tree as one program, which editors and ESLint read.
export const PARTS = [
  { name: 'core', tsconfig: 'tsconfig.core.json', host: 'none (browser, service worker and Node alike)' },
  { name: 'src/offline', tsconfig: 'tsconfig.offline.json', host: 'service worker (shared with the page)' },
  { name: 'sw', tsconfig: 'tsconfig.sw.json', host: 'service worker' },
  { name: 'src', tsconfig: 'tsconfig.src.json', host: 'browser' },
  { name: 'server', tsconfig: 'tsconfig.server.json', host: 'Node' },
] as const;

export const TOOLS_TSCONFIG = 'tsconfig.tools.json';
