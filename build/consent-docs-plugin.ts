// Vite plugin: the consent documents of build/consent-docs.ts, emitted as docs/<name>.pdf by `vite build` and
// served at /docs/<name>.pdf by the dev server, rendered afresh on each request so text edits show at once.
import type { Plugin } from 'vite';
import { CONSENT_DOCUMENTS, legalSourcePaths, renderConsentDocuments } from './consent-docs.ts';

const DOCS_FOLDER = 'docs';

export function consentDocs(): Plugin {
  let command: 'build' | 'serve' = 'serve';
  return {
    name: 'lopit:consent-docs',
    configResolved(config) {
      command = config.command;
    },

    buildStart() {
      if (command !== 'build') return;
      for (const file of legalSourcePaths()) this.addWatchFile(file);
    },

    async generateBundle() {
      // Only the browser build carries the documents (not an SSR or worker build, should there be one).
      if (this.environment.config.consumer !== 'client') return;
      for (const doc of await renderConsentDocuments()) {
        this.emitFile({ type: 'asset', fileName: `${DOCS_FOLDER}/${doc.fileName}`, source: doc.bytes });
      }
    },

    configureServer(server) {
      const prefix = `${server.config.base.replace(/\/?$/, '/')}${DOCS_FOLDER}/`;
      const names = new Set(CONSENT_DOCUMENTS.map((spec) => spec.fileName));
      server.middlewares.use((req, res, next) => {
        const pathname = (req.url ?? '').split(/[?#]/)[0] ?? '';
        const name = pathname.startsWith(prefix) ? pathname.slice(prefix.length) : '';
        if (!names.has(name) || (req.method !== 'GET' && req.method !== 'HEAD')) {
          next();
          return;
        }
        renderConsentDocuments().then(
          (docs) => {
            const bytes = docs.find((doc) => doc.fileName === name)?.bytes;
            if (!bytes) {
              next();
              return;
            }
            res.statusCode = 200;
            res.setHeader('Content-Type', 'application/pdf');
            res.setHeader('Content-Length', String(bytes.byteLength));
            res.setHeader('Cache-Control', 'no-cache');
            res.end(req.method === 'HEAD' ? undefined : Buffer.from(bytes));
          },
          (error: unknown) => next(error),
        );
      });
    },
  };
}
