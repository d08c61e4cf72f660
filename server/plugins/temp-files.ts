// Sweeps temporary upload files (multipart bodies, consent evidence, model staging in DATA_DIR/uploads/tmp) that a crash,
// a kill or a bug left behind: removed once they are a day old, at start and then every hour, so the disk holds
// no orphan however long the server runs.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import {
  removeOldFiles,
  TEMP_FILE_MAX_AGE_MS,
  TEMP_SWEEP_EVERY_MS,
  uploadTempDir,
} from '../lib/temp-files.ts';

export default fp<{ config: Config; sweepEveryMs?: number }>(
  function tempFilesPlugin(
    app: FastifyInstance,
    { config, sweepEveryMs = TEMP_SWEEP_EVERY_MS },
    done: (error?: Error) => void,
  ) {
    const directory = uploadTempDir(config);
    const sweep = async () => {
      try {
        const removed = await removeOldFiles(directory, TEMP_FILE_MAX_AGE_MS);
        if (removed > 0) app.log.info({ removed, directory }, 'old temporary upload files removed');
      } catch (error) {
        app.log.warn({ err: error }, 'sweeping temporary upload files failed');
      }
    };
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      await sweep();
      timer = setInterval(() => void sweep(), sweepEveryMs);
      timer.unref();
    });
    app.addHook('onClose', (_instance, closed) => {
      clearInterval(timer);
      closed();
    });
    done();
  },
  { name: 'temp-files' },
);
