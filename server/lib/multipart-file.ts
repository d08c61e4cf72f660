// Receives a multipart/form-data body with one file, streamed to a temporary file while hashed, and its text
// fields. Every way a body can end is answered: finished, truncated (no closing boundary), too large, too many
// parts, or the client gone; on any failure the write stream is closed and the temporary file removed before
// the promise settles, so no descriptor or file outlives the request.
//
// busboy is driven directly, with the file's listeners attached the moment it starts: @fastify/multipart's
// async iterator hands the file stream over later, and a body that ended without its closing boundary had
// already errored by then, leaving the request unanswered with its file open.
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { Busboy, type BusboyFileStream } from '@fastify/busboy';
import type { FastifyRequest } from 'fastify';
import { ERROR_CODES } from '../../core/api/errors.ts';
import { AppError } from '../errors.ts';

export interface MultipartLimits {
  fileSize: number;
  fields: number;
  fieldSize: number;
  parts: number;
}

export interface ReceivedFile {
  path: string;
  sha256: string;
  size: number;
  fileName: string | undefined;
}

export interface ReceivedMultipart {
  /** null when the body had no file part named `fileField`. */
  file: ReceivedFile | null;
  fields: Map<string, string>;
}

/** Why a body was refused; the route turns it into its answer. */
export class MultipartError extends Error {
  constructor(
    readonly reason:
      | 'file-too-large'
      | 'field-too-long'
      | 'too-many-files'
      | 'wrong-field'
      | 'truncated'
      | 'too-many-parts'
      | 'gone',
    message: string,
  ) {
    super(message);
  }
}

export function receiveMultipartFile(
  request: IncomingMessage,
  target: string,
  limits: MultipartLimits,
  fileField = 'file',
): Promise<ReceivedMultipart> {
  return new Promise<ReceivedMultipart>((resolve, reject) => {
    const fields = new Map<string, string>();
    let file: ReceivedFile | null = null;
    let output: fs.WriteStream | null = null;
    let writing: Promise<void> = Promise.resolve();
    let parsed = false;
    let settled = false;

    const bb = Busboy({
      headers: request.headers as Parameters<typeof Busboy>[0]['headers'],
      limits: { ...limits, files: 1 },
    });

    const fail = (error: MultipartError) => {
      if (settled) return;
      settled = true;
      request.unpipe(bb);
      bb.removeAllListeners();
      bb.on('error', () => undefined);
      request.resume();
      const out = output;
      out?.destroy();
      // A stream that has already closed (its file was whole, the body broke after it) emits no second 'close'.
      const closed =
        out && !out.closed ? new Promise<void>((done) => out.once('close', () => done())) : Promise.resolve();
      void closed
        .then(() => fsp.rm(target, { force: true }))
        .catch(() => undefined)
        .finally(() => reject(error));
    };

    const succeed = () => {
      if (settled || !parsed) return;
      void writing.then(
        () => {
          if (settled) return;
          settled = true;
          resolve({ file, fields });
        },
        () => fail(new MultipartError('truncated', 'The file could not be written.')),
      );
    };

    bb.on('file', (fieldName: string, stream: BusboyFileStream, fileName: string) => {
      if (fieldName !== fileField || file) {
        stream.resume();
        fail(
          new MultipartError('wrong-field', `Send one recording, in the form field named "${fileField}".`),
        );
        return;
      }
      const hash = crypto.createHash('sha256');
      let size = 0;
      const current: ReceivedFile = { path: target, sha256: '', size: 0, fileName: fileName || undefined };
      file = current;
      output = fs.createWriteStream(target, { mode: 0o600 });
      const out = output;
      writing = new Promise<void>((done, error) => {
        stream.on('limit', () => fail(new MultipartError('file-too-large', 'The file is too large.')));
        stream.on('error', () =>
          fail(new MultipartError('truncated', 'The upload ended before the whole file arrived.')),
        );
        stream.on('data', (chunk: Buffer) => {
          // After a failure the parser may still hand over what it had buffered: it goes nowhere.
          if (settled || out.destroyed) return;
          hash.update(chunk);
          size += chunk.length;
          if (!out.write(chunk)) {
            stream.pause();
            out.once('drain', () => stream.resume());
          }
        });
        stream.on('end', () => {
          if (stream.truncated || settled || out.destroyed) return;
          current.sha256 = hash.digest('hex');
          current.size = size;
          out.end();
        });
        out.on('finish', () => done());
        out.on('error', (cause) => {
          error(cause);
          fail(new MultipartError('truncated', 'The file could not be written.'));
        });
      });
      // Settled by `succeed` or `fail`; a write error before the body was parsed must not go unhandled.
      writing.catch(() => undefined);
    });
    bb.on('field', (name: string, value: string, _nameTruncated: boolean, valueTruncated: boolean) => {
      if (valueTruncated) fail(new MultipartError('field-too-long', `The field "${name}" is too long.`));
      else fields.set(name, value);
    });
    bb.on('filesLimit', () => fail(new MultipartError('too-many-files', 'Send one recording at a time.')));
    bb.on('partsLimit', () => fail(new MultipartError('too-many-parts', 'The form has too many parts.')));
    bb.on('fieldsLimit', () => fail(new MultipartError('too-many-parts', 'The form has too many fields.')));
    bb.on('error', () =>
      fail(new MultipartError('truncated', 'The upload ended before its closing boundary: send it again.')),
    );
    bb.on('finish', () => {
      parsed = true;
      succeed();
    });
    // The client went away, or its connection was cut for idling, before the body was complete.
    request.on('close', () => {
      if (!parsed && !request.complete)
        fail(new MultipartError('gone', 'The connection closed before the upload was complete.'));
    });
    request.on('error', () => fail(new MultipartError('gone', 'The connection failed during the upload.')));
    request.pipe(bb);
  });
}

/** How a route words the refusals of its form (each 400 VALIDATION_FAILED but the two named). */
export interface FormFileAnswers {
  /** 415: the body is not multipart/form-data; its code is the route's (what it takes is audio, or a form). */
  notMultipart: { message: string; code: string };
  /** 413 FILE_TOO_LARGE: the file is over `limits.fileSize`. */
  tooLarge: string;
  /** The form has no file in its field. */
  missing: string;
  /** A body that ended before the whole file arrived; the parser's own words when left out. */
  truncated?: string;
}

export interface FormFileOptions<T> {
  /** Where the file is written: a new name in this folder (made when missing). */
  tempDir: string;
  /** The temporary file's name ends with it (`.upload`, `.evidence`). */
  suffix: string;
  /** The form field that holds the file. */
  field: string;
  limits: MultipartLimits;
  answers: FormFileAnswers;
  /** Reads the text fields (a refusal removes the file); the form's fields as they are when left out. */
  fields?: (fields: Map<string, string>) => T;
  /** Read the fields before the file is required: what must be refused anyway is refused first. */
  fieldsFirst?: boolean;
}

/**
 * Receives one file of a multipart/form-data request (receiveMultipartFile) with the route's answers to every
 * way the form can be refused. On a refusal nothing is left on disk; on success the caller removes `file.path`.
 */
export async function receiveFormFile<T = Map<string, string>>(
  request: FastifyRequest,
  options: FormFileOptions<T>,
): Promise<{ file: ReceivedFile; fields: Map<string, string>; read: T }> {
  const { answers } = options;
  if (!request.isMultipart())
    throw new AppError(415, answers.notMultipart.message, answers.notMultipart.code);
  await fsp.mkdir(options.tempDir, { recursive: true, mode: 0o700 });
  const target = path.join(options.tempDir, `${crypto.randomUUID()}${options.suffix}`);
  let received: ReceivedMultipart;
  try {
    received = await receiveMultipartFile(request.raw, target, options.limits, options.field);
  } catch (error) {
    if (!(error instanceof MultipartError)) throw error;
    if (error.reason === 'file-too-large')
      throw new AppError(413, answers.tooLarge, ERROR_CODES.fileTooLarge);
    const ended = error.reason === 'truncated' || error.reason === 'gone';
    throw badForm(ended && answers.truncated ? answers.truncated : error.message);
  }
  try {
    const readFields = () => (options.fields ? options.fields(received.fields) : (received.fields as T));
    const first = options.fieldsFirst ? readFields() : undefined;
    if (!received.file) throw badForm(answers.missing);
    return {
      file: received.file,
      fields: received.fields,
      read: options.fieldsFirst ? (first as T) : readFields(),
    };
  } catch (error) {
    await fsp.rm(target, { force: true });
    throw error;
  }
}

const badForm = (message: string) => new AppError(400, message, ERROR_CODES.validation);
