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
import { Busboy, type BusboyFileStream } from '@fastify/busboy';

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
