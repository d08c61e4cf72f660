// /api/admin/exports: dataset exports for community admins. GET / tells what each export would hold;
// asr.zip, tts.zip and mt.zip stream the archives with their size announced up front (Content-Length).
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_CODES } from '../../../core/api/errors.ts';
import {
  asrExportQuerySchema,
  exportSummarySchema,
  ttsExportQuerySchema,
} from '../../../core/api/exports.ts';
import type { Config } from '../../config.ts';
import { fileAnswer } from '../../lib/route-contract.ts';
import { buildAsrExport } from './asr-export.ts';
import { buildArchive, requireFfmpeg } from './exports.service.ts';
import type { BuiltExport, ExportContext } from './export-format.ts';
import { buildMtExport } from './mt-export.ts';
import { buildTtsExport } from './tts-export.ts';
import { ffmpegAvailable } from './wav-stream.ts';
import { removeOldSpools, ZipArchive } from './zip-archive.ts';

const ZIP = fileAnswer('The dataset as a zip archive (an attachment; its size in Content-Length).', [
  'application/zip',
]);
/** Without ffmpeg on the server, exports that convert audio answer 503 UNAVAILABLE. */
const FFMPEG_ERROR = { status: 503, code: ERROR_CODES.unavailable };

/** Spool files older than this are left from a crash. */
const SPOOL_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export default function exportsRoutes(instance: FastifyInstance, { config }: { config: Config }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { exports: repository } = app.repositories;
  const { blobs } = app;
  const tempRoot = path.join(config.DATA_DIR, 'exports', 'tmp');
  app.guardRoutes('admin');
  app.addHook('onReady', async () => {
    const removed = await removeOldSpools(tempRoot, SPOOL_MAX_AGE_MS);
    if (removed > 0) app.log.info({ removed }, 'old export spool files removed');
  });

  /** Builds the archive's entry list, then sends it as a stream of known size. */
  async function sendArchive(
    request: FastifyRequest,
    reply: FastifyReply,
    build: (context: ExportContext) => Promise<BuiltExport>,
  ) {
    const createdAt = new Date();
    const archive = new ZipArchive(createdAt, tempRoot);
    const cancel = new AbortController();
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) cancel.abort();
      void archive.dispose();
    });
    const { fileName, stream, size } = await buildArchive(
      {
        repository,
        blobs,
        archive,
        createdAt,
        ffmpegPath: config.FFMPEG_PATH,
        signal: cancel.signal,
      },
      build,
    );
    stream.once('error', (error: Error) => {
      request.log.error({ err: error }, 'dataset export stopped while streaming');
    });
    stream.once('close', () => void archive.dispose());
    request.log.info({ fileName, size, entries: archive.entries }, 'dataset export started');
    return reply
      .header('Content-Type', 'application/zip')
      .header('Content-Length', size)
      .header('Content-Disposition', `attachment; filename="${fileName}"`)
      .header('Cache-Control', 'no-store')
      .send(stream);
  }

  app.get(
    '/',
    { schema: { summary: 'What each dataset export would hold', response: { 200: exportSummarySchema } } },
    async () => {
      const speakers = await repository.ttsSpeakers();
      return {
        asr: await repository.asrSummary(),
        tts: { speakers, defaultSpeakerId: speakers[0]?.id ?? null },
        mt: { pairs: await repository.pairCount() },
        ffmpeg: await ffmpegAvailable(config.FFMPEG_PATH),
      };
    },
  );

  app.get(
    '/asr.zip',
    {
      schema: { summary: 'Download the speech recognition dataset (zip)', querystring: asrExportQuerySchema },
      config: { answers: [ZIP], errors: [FFMPEG_ERROR] },
    },
    async (request, reply) => {
      if (request.query.audio !== 'original') await requireFfmpeg(config.FFMPEG_PATH);
      return sendArchive(request, reply, (context) => buildAsrExport(context, request.query));
    },
  );

  app.get(
    '/tts.zip',
    {
      schema: {
        summary: "Download one speaker's speech synthesis dataset (zip)",
        querystring: ttsExportQuerySchema,
      },
      config: { answers: [ZIP], errors: [FFMPEG_ERROR, { status: 404, code: ERROR_CODES.notFound }] },
    },
    async (request, reply) => {
      await requireFfmpeg(config.FFMPEG_PATH);
      return sendArchive(request, reply, (context) => buildTtsExport(context, request.query.speaker));
    },
  );

  app.get(
    '/mt.zip',
    {
      schema: { summary: 'Download the machine translation dataset (zip)', querystring: z.object({}) },
      config: { answers: [ZIP] },
    },
    (request, reply) =>
      sendArchive(request, reply, (context) => buildMtExport(context, app.repositories.translation)),
  );
}
