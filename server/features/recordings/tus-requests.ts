// The requests of the tus endpoint that Fastify answers itself (HEAD of a complete upload, a repeated creation
// that carries the file) and the hand-over of every other request to the tus server.
import { Readable } from 'node:stream';
import type { Server, Upload } from '@tus/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { User } from '../../../core/api/auth.ts';
import { RECORDING_ID_HEADER, TUS_ENDPOINT } from '../../../core/api/recordings.ts';
import type { Config } from '../../config.ts';
import type { RecordingService } from './recordings.service.ts';
import { errorBody } from './tus-answers.ts';
import {
  isStale,
  isUploadOf,
  recordingIdOf,
  uploadIdFor,
  type RecordingUploadStore,
  type UploadFinisher,
} from './tus-upload-store.ts';

/** What the endpoint's handlers share, made once by the plugin. */
export interface TusContext {
  config: Pick<Config, 'AUDIO_MAX_BYTES'>;
  store: RecordingUploadStore;
  finisher: UploadFinisher;
  service: RecordingService;
  tus: Server;
  /** The signed-in user of each request handed to the tus server. */
  requestUsers: WeakMap<Request, User>;
}

/** HEAD of a complete upload: store it if that has not happened, and answer with the recording's id. */
export async function headOfComplete(
  { store, finisher, service }: TusContext,
  uploadId: string,
  user: User,
  reply: FastifyReply,
): Promise<boolean> {
  if (!isUploadOf(uploadId, user.id)) return false;
  let upload: Upload | null = null;
  try {
    upload = await store.getUpload(uploadId);
  } catch {
    upload = null;
  }
  let stored: { id: string; size: number } | null = null;
  if (upload && upload.size !== undefined && upload.size > 0 && upload.offset === upload.size) {
    const { recording } = await finisher.finish(upload, user);
    stored = { id: recording.id, size: recording.sizeBytes };
  } else if (!upload) {
    const recording = await service.existing(recordingIdOf(uploadId), user);
    if (recording) stored = { id: recording.id, size: recording.sizeBytes };
  }
  if (!stored) return false;
  await reply
    .status(200)
    .headers({
      'Tus-Resumable': '1.0.0',
      'Upload-Offset': String(stored.size),
      'Upload-Length': String(stored.size),
      'Cache-Control': 'no-store',
      [RECORDING_ID_HEADER]: stored.id,
    })
    .send();
  return true;
}

/**
 * A creation that carries the file (creation-with-upload) for a recording this server already has in whole
 * or in part: answered without writing, so parallel or repeated creations never write past the upload's
 * length. Stored or complete: 201 with the recording. Partly received: 201 with the offset reached, from
 * which the client goes on with PATCH. The body sent is discarded. false: let the tus server create it.
 */
export async function answerKnownCreation(
  { store, finisher, service }: TusContext,
  uploadId: string,
  user: User,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<boolean> {
  if (request.headers['content-type'] !== 'application/offset+octet-stream') return false;
  const length = Number(request.headers['upload-length']);
  const stored = await service.existing(recordingIdOf(uploadId), user);
  let offset: number;
  let recording = stored;
  if (stored) offset = stored.sizeBytes;
  else {
    const upload = await store.getUpload(uploadId).catch(() => null);
    const sameUpload =
      upload !== null &&
      upload.size === length &&
      upload.metadata?.ownerId === user.id &&
      !isStale(upload.creation_date, Date.now());
    if (!sameUpload || upload.offset === 0) return false;
    offset = upload.offset;
    if (upload.offset === upload.size) ({ recording } = await finisher.finish(upload, user));
  }
  request.raw.resume();
  void reply.status(201).headers({
    'Tus-Resumable': '1.0.0',
    Location: `${TUS_ENDPOINT}/${uploadId}`,
    'Upload-Offset': String(offset),
    'Cache-Control': 'no-store',
  });
  if (!recording) {
    await reply.send();
    return true;
  }
  void reply.header(RECORDING_ID_HEADER, recording.id);
  await reply.type('application/json; charset=utf-8').send(JSON.stringify({ recording }));
  return true;
}

/** A UUID in a creation request's Upload-Metadata (`recordingId`, `speakerId`), or null. */
export function creationMetadataUuid(
  request: FastifyRequest,
  name: 'recordingId' | 'speakerId',
): string | null {
  const header = request.headers['upload-metadata'];
  if (typeof header !== 'string' || header.length > 16 * 1024) return null;
  for (const pair of header.split(',')) {
    const [key, value] = pair.trim().split(' ');
    if (key !== name || !value) continue;
    const id = Buffer.from(value, 'base64').toString('utf8');
    return z.uuid().safeParse(id).success ? id.toLowerCase() : null;
  }
  return null;
}

/** The upload id a creation request names (its metadata's recordingId for this user), or null. */
export function creationUploadId(request: FastifyRequest, user: User): string | null {
  const recordingId = creationMetadataUuid(request, 'recordingId');
  return recordingId ? uploadIdFor(user.id, recordingId) : null;
}

/** Hands the request to the tus server and sends its answer back. */
export async function forward(
  { tus, requestUsers, config }: TusContext,
  request: FastifyRequest,
  reply: FastifyReply,
  user: User,
) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const hasBody = request.method === 'POST' || request.method === 'PATCH';
  const webRequest = new Request(new URL(request.url, 'http://localhost'), {
    method: request.method,
    headers,
    ...(hasBody ? { body: Readable.toWeb(request.raw) as ReadableStream, duplex: 'half' } : {}),
  });
  requestUsers.set(webRequest, user);
  const response = await tus.handleWeb(webRequest);

  void reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name !== 'content-length' && name !== 'content-type') void reply.header(name, value);
  }
  const text = await response.text();
  if (response.status >= 400) {
    return reply
      .type('application/json; charset=utf-8')
      .send(errorBody(response.status, text, config.AUDIO_MAX_BYTES));
  }
  if (text) return reply.type('application/json; charset=utf-8').send(text);
  return reply.send();
}
