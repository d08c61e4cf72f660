// What the recording routes tell the published contract beyond their zod schemas (server/lib/route-contract.ts):
// the multipart upload's body, the audio file answers, and the tus 1.0 protocol's requests and answers. What
// either upload can refuse is declared in core (RECORDING_STORE_ERRORS, and the `recording.upload` kind).
import type { HTTPMethods } from 'fastify';
import { ERROR_CODES } from '../../../core/api/errors.ts';
import { mutation } from '../../../core/api/mutations.ts';
import {
  multipartUploadMetadataSchema,
  RECORDING_ID_HEADER,
  RECORDING_STORE_ERRORS,
  recordingResponseSchema,
} from '../../../core/api/recordings.ts';
import { IDEMPOTENT_CONTRACT } from '../../lib/idempotency.ts';
import {
  emptyAnswer,
  fileAnswer,
  jsonAnswer,
  multipartBody,
  type HeaderContract,
  type MediaAnswer,
  type RouteContractConfig,
} from '../../lib/route-contract.ts';

/** POST /api/audio/upload: the file and its metadata in one multipart/form-data request. */
export const MULTIPART_UPLOAD: RouteContractConfig = {
  requestHeaders: IDEMPOTENT_CONTRACT.requestHeaders,
  errors: [...IDEMPOTENT_CONTRACT.errors, ...RECORDING_STORE_ERRORS],
  requestBody: multipartBody({
    description:
      'The recording in the field "file" and, optionally, its metadata as JSON in the field "metadata". 201: stored now; 200: already stored under this recordingId.',
    files: { file: 'audio/*' },
    jsonFields: { metadata: multipartUploadMetadataSchema },
  }),
};

/** GET /api/audio/recordings/:id/audio: the bytes as recorded, whole or a range, or 304 by the ETag. */
export const RECORDING_AUDIO: RouteContractConfig = {
  answers: [
    {
      ...fileAnswer('The audio as recorded (an attachment).', ['audio/*']),
      headers: { ETag: { description: "The audio's SHA-256." } },
    },
    fileAnswer('The asked byte range (Range: bytes=a-b).', ['audio/*'], 206),
    emptyAnswer(304, 'The audio the browser holds (If-None-Match) is current.'),
  ],
  errors: [{ status: 416, code: ERROR_CODES.rangeNotSatisfiable }],
};

const TUS_RESUMABLE: HeaderContract = {
  name: 'Tus-Resumable',
  description: 'The tus protocol version: 1.0.0.',
  required: true,
  schema: { type: 'string', const: '1.0.0' },
};
const UPLOAD_OFFSET: HeaderContract = {
  name: 'Upload-Offset',
  description: 'The byte offset this request continues from (from HEAD).',
  required: true,
  schema: { type: 'string', pattern: '^[0-9]+$' },
};
const CONTENT_TYPE_OFFSET: HeaderContract = {
  name: 'Content-Type',
  description: 'application/offset+octet-stream when the request carries bytes of the file.',
  schema: { type: 'string', const: 'application/offset+octet-stream' },
};
const UPLOAD_CHECKSUM: HeaderContract = {
  name: 'Upload-Checksum',
  description: "sha1 <base64> of this request's bytes (tus checksum extension); a mismatch answers 460.",
};
const BYTES = {
  description: 'Bytes of the file, from Upload-Offset on.',
  required: false,
  content: { 'application/offset+octet-stream': { type: 'string', format: 'binary' } },
};
const OFFSET_HEADERS = {
  'Tus-Resumable': { description: '1.0.0' },
  'Upload-Offset': { description: 'How many bytes of the file the server has.' },
};
const STORED: MediaAnswer = {
  ...jsonAnswer(
    'The last bytes arrived: the recording is stored (200: it was already).',
    recordingResponseSchema,
  ),
  headers: { [RECORDING_ID_HEADER]: { description: "The stored recording's id." }, ...OFFSET_HEADERS },
};
/**
 * The phone's resumable upload as the outbox declares it (core/api/mutations.ts): its summary and every error
 * answer of the tus endpoint come from that one declaration.
 */
const UPLOAD = mutation('recording.upload');
/** Refusals of creating an upload only (the uploader's quota); every method may give the others. */
const CREATE_ONLY_CODES: readonly string[] = [ERROR_CODES.uploadQuota];
const TUS_ERRORS = UPLOAD.errors.filter(({ code }) => !CREATE_ONLY_CODES.includes(code));

type TusMethod = 'POST' | 'HEAD' | 'PATCH' | 'DELETE' | 'OPTIONS';

/** The summary and contract of one method of the tus endpoint, at /tus or at an upload's own /tus/:id. */
export function tusContract(
  method: TusMethod,
  atUpload: boolean,
): { summary: string; config: RouteContractConfig } {
  const noUpload = atUpload ? '' : ' (no upload named: answers 404)';
  switch (method) {
    case 'POST':
      return {
        summary: atUpload
          ? 'tus: create an upload (as POST /api/audio/tus)'
          : `${UPLOAD.summary}: create an upload, optionally with its first bytes`,
        config: {
          requestHeaders: [
            TUS_RESUMABLE,
            { name: 'Upload-Length', description: 'The size of the whole file in bytes.', required: true },
            {
              name: 'Upload-Metadata',
              description:
                'Comma-separated "key base64(value)" pairs: recordingId (a UUID), fileName, mimeType, duration, sha256, speakerId, title, transcript, language, promptPairId, promptSentenceId (Read Lopit: the approved written sentence read), recordedAt, sourcePairId, kind (story: a Tell recording), repeatsId (Repeat: the recording this one repeats), pictureId (the picture prompt a clip answers).',
            },
            CONTENT_TYPE_OFFSET,
            UPLOAD_CHECKSUM,
          ],
          requestBody: { ...BYTES, description: 'The first bytes of the file (creation-with-upload).' },
          answers: [
            {
              status: 201,
              description:
                'The upload is created (Location); with the whole file in the body, the stored recording as JSON.',
              types: ['application/json'],
              schema: STORED.schema,
              headers: { Location: { description: "The upload's address." }, ...OFFSET_HEADERS },
            },
            STORED,
          ],
          errors: UPLOAD.errors,
        },
      };
    case 'HEAD':
      return {
        summary: `tus: how many bytes of the upload the server has${noUpload}`,
        config: {
          requestHeaders: [TUS_RESUMABLE],
          answers: [
            {
              status: 200,
              description:
                "Upload-Offset and Upload-Length; for a complete upload also the stored recording's id (Recording-Id).",
              headers: {
                ...OFFSET_HEADERS,
                'Upload-Length': { description: 'The size of the whole file.' },
                [RECORDING_ID_HEADER]: {
                  description: 'The recording, when the upload is complete and stored.',
                },
              },
            },
          ],
          errors: TUS_ERRORS,
        },
      };
    case 'PATCH':
      return {
        summary: `tus: send the next bytes of an upload${noUpload}`,
        config: {
          requestHeaders: [TUS_RESUMABLE, UPLOAD_OFFSET, CONTENT_TYPE_OFFSET, UPLOAD_CHECKSUM],
          requestBody: { ...BYTES, required: true },
          answers: [
            {
              status: 204,
              description: 'The bytes are kept; Upload-Offset says how far the upload is.',
              headers: OFFSET_HEADERS,
            },
            { ...STORED, status: 201 },
            STORED,
          ],
          errors: TUS_ERRORS,
        },
      };
    case 'DELETE':
      return {
        summary: `tus: abandon an upload${noUpload}`,
        config: {
          requestHeaders: [TUS_RESUMABLE],
          answers: [emptyAnswer(204, 'The partial upload is removed.')],
          errors: TUS_ERRORS,
        },
      };
    case 'OPTIONS':
      return {
        summary: "tus: the server's tus version, extensions and largest upload",
        config: {
          answers: [
            {
              status: 204,
              description: 'Tus-Version, Tus-Extension, Tus-Max-Size and Tus-Checksum-Algorithm.',
              headers: {
                'Tus-Version': { description: '1.0.0' },
                'Tus-Extension': { description: 'The tus extensions the server supports.' },
                'Tus-Max-Size': { description: 'The largest upload in bytes.' },
              },
            },
          ],
          errors: TUS_ERRORS,
        },
      };
  }
}

export const TUS_METHODS = [
  'POST',
  'HEAD',
  'PATCH',
  'DELETE',
  'OPTIONS',
] as const satisfies readonly (TusMethod & HTTPMethods)[];
