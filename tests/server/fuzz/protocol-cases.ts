// Bad requests of the two upload protocols: multipart forms that are truncated, misnamed, oversized or garbage, and tus requests with broken headers.
import fc from 'fast-check';
import { badString, badUrlInteger, type Labelled } from './bad-values.ts';
import { sometimes, type Draft } from './cases.ts';
import type { RouteModel } from './route-model.ts';

const TUS_VERSION = '1.0.0';
const garbageBytes = fc.uint8Array({ minLength: 1, maxLength: 2048 }).map((bytes) => Buffer.from(bytes));

interface Part {
  name: string;
  value: Buffer | string;
  fileName?: string;
  type?: string;
}

function formPart(boundary: string, part: Part): Buffer {
  const disposition =
    part.fileName === undefined
      ? `form-data; name="${part.name}"`
      : `form-data; name="${part.name}"; filename="${part.fileName}"`;
  const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`;
  return Buffer.concat([Buffer.from(head, 'utf8'), Buffer.from(part.value), Buffer.from('\r\n')]);
}

/** A multipart body: its parts, then the closing boundary unless `closed` is false. */
export function formBody(boundary: string, parts: Part[], closed = true): Buffer {
  return Buffer.concat([
    ...parts.map((part) => formPart(boundary, part)),
    Buffer.from(closed ? `--${boundary}--\r\n` : ''),
  ]);
}

const file = (bytes: Buffer, name = 'file', fileName = 'fuzz.webm'): Part => ({
  name,
  value: bytes,
  fileName,
  type: 'audio/webm',
});

/** A WAV header that promises more than follows. */
const truncatedWav = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0xff, 0xff, 0xff, 0x7f]),
  Buffer.from('WAVEfmt '),
  Buffer.from([16, 0, 0, 0, 1, 0, 1, 0, 0x80, 0xbb, 0, 0, 0, 0x77, 1, 0, 2, 0, 16, 0]),
  Buffer.from('data'),
  Buffer.from([0xff, 0xff, 0xff, 0x7f, 1, 2, 3]),
]);

type Form = { label: string; payload: Buffer; contentType: string };

/** Multipart forms no route may accept: nothing in them is a whole, well-named, readable file. */
export function multipartDraft(route: RouteModel, base: Draft): fc.Arbitrary<Draft> {
  const boundary = fc.stringMatching(/^[0-9a-z]{16}$/).map((hex) => `----fuzz${hex}`);
  const form = (boundaryText: string) => `multipart/form-data; boundary=${boundaryText}`;
  const forms: fc.Arbitrary<Form> = fc.oneof(
    fc.tuple(boundary, garbageBytes, fc.double({ min: 0, max: 1, noNaN: true })).map(([b, bytes, at]) => {
      const whole = formBody(b, [{ name: 'metadata', value: '{}' }, file(bytes)], false);
      return {
        label: 'multipart: truncated (no closing boundary)',
        payload: whole.subarray(0, Math.max(1, Math.floor(at * whole.length))),
        contentType: form(b),
      };
    }),
    fc.tuple(boundary, garbageBytes).map(([b, bytes]) => ({
      label: 'multipart: file part without its end',
      payload: Buffer.concat([formPart(b, file(bytes)).subarray(0, -2)]),
      contentType: form(b),
    })),
    fc
      .tuple(boundary, garbageBytes, fc.constantFrom('files', 'upload', 'File', '', 'file\u0000', 'fi"le'))
      .map(([b, bytes, name]) => ({
        label: 'multipart: file in a wrongly named field',
        payload: formBody(b, [file(bytes, name)]),
        contentType: form(b),
      })),
    fc.tuple(boundary, garbageBytes).map(([b, bytes]) => ({
      label: 'multipart: two files',
      payload: formBody(b, [file(bytes), file(bytes)]),
      contentType: form(b),
    })),
    boundary.map((b) => ({
      label: 'multipart: huge field (200 KB), no file',
      payload: formBody(b, [{ name: 'metadata', value: 'a'.repeat(200_000) }]),
      contentType: form(b),
    })),
    boundary.map((b) => ({
      label: 'multipart: 100 fields, no file',
      payload: formBody(
        b,
        Array.from({ length: 100 }, (_, i) => ({ name: `f${i}`, value: String(i) })),
      ),
      contentType: form(b),
    })),
    fc
      .tuple(boundary, garbageBytes)
      .map(([b, bytes]) => ({ label: 'multipart: garbage body', payload: bytes, contentType: form(b) })),
    garbageBytes.map((bytes) => ({
      label: 'multipart: no boundary parameter',
      payload: bytes,
      contentType: 'multipart/form-data',
    })),
    fc.tuple(boundary, garbageBytes).map(([b, bytes]) => ({
      label: 'multipart: boundary not the one announced',
      payload: formBody(`${b}x`, [file(bytes)]),
      contentType: form(b),
    })),
    garbageBytes.map((bytes) => {
      const b = 'b'.repeat(200);
      return {
        label: 'multipart: 200-character boundary',
        payload: formBody(b, [file(bytes)]),
        contentType: form(b),
      };
    }),
    boundary.map((b) => ({ label: 'multipart: empty body', payload: Buffer.alloc(0), contentType: form(b) })),
    boundary.map((b) => ({
      label: 'multipart: only the closing boundary',
      payload: Buffer.from(`--${b}--\r\n`),
      contentType: form(b),
    })),
    fc
      .tuple(
        boundary,
        garbageBytes,
        fc.constantFrom(
          '{not json',
          '{"title":"a\\u0000b"}',
          '{"promptPairId":2147483648}',
          '{"promptPairId":"0x10"}',
          '{"duration":1e999}',
          '{"recordingId":"not-a-uuid"}',
          `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
        ),
      )
      .map(([b, bytes, metadata]) => ({
        label: 'multipart: unreadable file with bad metadata',
        payload: formBody(b, [{ name: 'metadata', value: metadata }, file(bytes)]),
        contentType: form(b),
      })),
    boundary.map((b) => ({
      label: 'multipart: truncated WAV file',
      payload: formBody(b, [file(truncatedWav, 'file', 'fuzz.wav')]),
      contentType: form(b),
    })),
    fc.tuple(boundary, garbageBytes).map(([b, bytes]) => ({
      label: 'multipart: NUL and traversal in names',
      payload: formBody(b, [file(bytes, 'file', '\u0000../../etc/passwd\ud800.webm')]),
      contentType: form(b),
    })),
  );
  return forms.map((chosen) => ({
    ...base,
    label: chosen.label,
    body: { kind: 'bytes', payload: chosen.payload, contentType: chosen.contentType, reads: 'multipart' },
    refuse: false,
  }));
}

/** One tus header: its value (null: not sent) and whether it alone makes a creation invalid. */
interface TusHeader extends Labelled<string | null> {
  breaks: boolean;
}

const ok = (value: string | null): TusHeader => ({ value, label: '', breaks: false });
const bad = (value: string | null, label: string): TusHeader => ({ value, label, breaks: true });
const mostlyValid = (valid: TusHeader, broken: TusHeader[]) =>
  fc.oneof(
    { weight: broken.length, arbitrary: fc.constant(valid) },
    { weight: broken.length, arbitrary: fc.constantFrom(...broken) },
  );

const tusResumable = mostlyValid(ok(TUS_VERSION), [
  bad(null, 'Tus-Resumable missing'),
  bad('0.2.2', 'Tus-Resumable 0.2.2'),
  bad('1.0', 'Tus-Resumable 1.0'),
  bad('', 'Tus-Resumable empty'),
  bad('1.0.0, 1.0.0', 'Tus-Resumable listed twice'),
]);

const uploadLength = mostlyValid(ok('1024'), [
  bad(null, 'Upload-Length missing'),
  bad('-1', 'Upload-Length -1'),
  bad('0', 'Upload-Length 0'),
  bad('abc', 'Upload-Length not a number'),
  bad('1e3', "Upload-Length '1e3'"),
  bad('0x10', "Upload-Length '0x10'"),
  bad('1.5', 'Upload-Length 1.5'),
  bad('010', "Upload-Length '010'"),
  bad('', 'Upload-Length empty'),
  bad('99999999999999999999', 'Upload-Length 20 digits'),
  bad('9007199254740993', 'Upload-Length 2^53+1'),
  bad(String(200 * 1024 * 1024), 'Upload-Length 200 MB (over the limit)'),
]);

const deferLength = fc.oneof(
  { weight: 6, arbitrary: fc.constant(ok(null)) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      bad('1', 'Upload-Defer-Length 1'),
      bad('0', 'Upload-Defer-Length 0'),
      bad('yes', 'Upload-Defer-Length yes'),
    ),
  },
);

const uploadOffset = fc.oneof(
  { weight: 4, arbitrary: fc.constant(ok(null)) },
  { weight: 1, arbitrary: fc.constant(ok('0')) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      bad('-1', 'Upload-Offset -1'),
      bad('abc', 'Upload-Offset not a number'),
      bad('1e3', "Upload-Offset '1e3'"),
      bad('99999999999999999999', 'Upload-Offset 20 digits'),
      bad('', 'Upload-Offset empty'),
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom(ok('1024'), ok('5')) },
);

const contentType = fc.constantFrom<string | null>(
  'application/offset+octet-stream',
  'application/offset+octet-stream',
  null,
  'application/json',
  'text/plain',
  'application/octet-stream',
  'multipart/form-data; boundary=x',
);

const base64 = (value: string | Buffer) => Buffer.from(value).toString('base64');

interface MetadataChoice {
  header: string | null;
  label: string;
  breaks: boolean;
}

/** Upload-Metadata: valid, garbage, a required key missing, a bad value, or odd text in a free-text value. */
const metadata: fc.Arbitrary<MetadataChoice> = fc
  .tuple(fc.uuid({ version: 4 }), fc.stringMatching(/^[0-9a-f]{64}$/))
  .chain(([recordingId, sha256]) => {
    const fields: Record<string, string | Buffer> = {
      recordingId,
      fileName: 'fuzz.webm',
      sha256,
      mimeType: 'audio/webm',
    };
    const write = (entries: Record<string, string | Buffer>) =>
      Object.entries(entries)
        .map(([key, value]) => `${key} ${base64(value)}`)
        .join(',');
    // NUL is refused in any text (README: input rules); bytes that are not UTF-8 decode to U+FFFD.
    const nulText: [string, string | Buffer, string][] = [
      ['title', 'ti\u0000tle', 'title with NUL'],
      ['transcript', 'a\u0000b', 'transcript with NUL'],
      ['mimeType', 'audio/webm\u0000', 'mimeType with NUL'],
      ['fileName', '\u0000', 'fileName NUL'],
    ];
    const badValues: [string, string | Buffer, string][] = [
      ...nulText,
      ['recordingId', 'not-a-uuid', 'recordingId not a UUID'],
      ['recordingId', '\u0000', 'recordingId NUL'],
      ['sha256', 'xyz', 'sha256 not hex'],
      ['sha256', `\u0000${sha256.slice(1)}`, 'sha256 with NUL'],
      ['language', 'xx', 'language unknown'],
      ['language', 'en\u0000', 'language with NUL'],
      ['durationSeconds', '-1', 'durationSeconds -1'],
      ['durationSeconds', 'abc', 'durationSeconds not a number'],
      ['durationSeconds', '1e309', 'durationSeconds 1e309'],
      ['transcript', 't'.repeat(10_001), 'transcript one over its limit'],
      ['title', 'x'.repeat(201), 'title one over its limit'],
    ];
    const oddText: [string, string | Buffer, string][] = [
      ['title', Buffer.from([0xed, 0xa0, 0x80]), 'title lone surrogate bytes'],
      ['transcript', Buffer.from([0xff, 0xfe, 0xc0]), 'transcript invalid UTF-8'],
      ['fileName', '../../../etc/passwd', 'fileName path traversal'],
    ];
    return fc.oneof(
      {
        weight: 4,
        arbitrary: fc.constant<MetadataChoice>({ header: write(fields), label: '', breaks: false }),
      },
      {
        weight: 1,
        arbitrary: fc.constant<MetadataChoice>({
          header: null,
          label: 'Upload-Metadata missing',
          breaks: true,
        }),
      },
      {
        weight: 2,
        arbitrary: fc
          .oneof(
            fc.constantFrom(
              'garbage',
              'key',
              ',,,',
              ' ',
              'a YQ==,a YQ==',
              'recordingId',
              'recordingId !!!',
              '\u00ff\u00fe',
              'k '.repeat(3000),
            ),
            fc.string({ unit: 'grapheme-ascii', maxLength: 80 }),
          )
          .map((header) => ({ header, label: 'Upload-Metadata garbage', breaks: true })),
      },
      {
        weight: 2,
        arbitrary: fc.constantFrom('recordingId', 'fileName', 'sha256').map((key) => {
          const rest = { ...fields };
          delete rest[key];
          return { header: write(rest), label: `Upload-Metadata without ${key}`, breaks: true };
        }),
      },
      {
        weight: 3,
        arbitrary: fc.constantFrom(...badValues).map(([key, value, label]) => ({
          header: write({ ...fields, [key]: value }),
          label: `Upload-Metadata ${label}`,
          breaks: true,
        })),
      },
      {
        weight: 2,
        arbitrary: badUrlInteger
          .filter((id) => id.value !== '')
          .map((id) => ({
            header: write({ ...fields, promptPairId: id.value }),
            label: `Upload-Metadata promptPairId ${id.label}`,
            breaks: true,
          })),
      },
      {
        weight: 3,
        arbitrary: fc.constantFrom(...oddText).map(([key, value, label]) => ({
          header: write({ ...fields, [key]: value }),
          label: `Upload-Metadata ${label}`,
          breaks: false,
        })),
      },
    );
  });

const uploadId = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.stringMatching(/^[0-9a-f]{48}$/).map((id) => ({ value: id, label: 'unknown upload id' })),
  },
  {
    weight: 1,
    arbitrary: fc
      .stringMatching(/^[0-9A-F]{48}$/)
      .map((id) => ({ value: id, label: 'upper-case upload id' })),
  },
  {
    weight: 1,
    arbitrary: fc.stringMatching(/^[0-9a-f]{47}$/).map((id) => ({ value: id, label: '47-digit upload id' })),
  },
  { weight: 2, arbitrary: badString('0123456789abcdef0123456789abcdef0123456789abcdef', 200) },
);

/**
 * A tus request with broken headers. A creation (POST) gets at least one header that makes it invalid; every
 * other method addresses an upload that does not exist, so a right server refuses it whatever its headers.
 */
export function tusDraft(route: RouteModel, base: Draft): fc.Arbitrary<Draft> {
  const hasId = route.paramNames.includes('id');
  return fc
    .record({
      resumable: tusResumable,
      length: uploadLength,
      defer: deferLength,
      offset: uploadOffset,
      meta: metadata,
      type: contentType,
      body: sometimes(garbageBytes, 2),
      id: hasId ? uploadId : fc.constant(null),
      forced: fc.constantFrom(
        bad(null, 'Tus-Resumable missing'),
        bad('-1', 'Upload-Length -1'),
        bad('garbage', 'Upload-Metadata garbage'),
      ),
    })
    .map((choice) => {
      const headers: Record<string, string> = {};
      const labels: string[] = [];
      const creation = route.method === 'POST';
      let { resumable, length, meta } = choice;
      const breaks =
        resumable.breaks || length.breaks || choice.defer.breaks || choice.offset.breaks || meta.breaks;
      if (creation && !breaks) {
        // A creation must be invalid: break one header.
        if (choice.forced.label.startsWith('Tus-Resumable')) resumable = choice.forced;
        else if (choice.forced.label.startsWith('Upload-Length')) length = choice.forced;
        else meta = { header: choice.forced.value, label: choice.forced.label, breaks: true };
      }
      const set = (name: string, header: TusHeader | MetadataChoice, value: string | null) => {
        if (value !== null) headers[name] = value;
        if (header.label) labels.push(header.label);
      };
      set('tus-resumable', resumable, resumable.value);
      if (creation || route.method === 'HEAD') set('upload-length', length, length.value);
      set('upload-defer-length', choice.defer, choice.defer.value);
      set('upload-offset', choice.offset, choice.offset.value);
      set('upload-metadata', meta, meta.header);
      if (choice.type !== null) headers['content-type'] = choice.type;
      if (
        choice.type !== 'application/offset+octet-stream' &&
        choice.type !== null &&
        route.method === 'PATCH'
      )
        labels.push(`Content-Type ${choice.type}`);
      const draft: Draft = {
        ...base,
        label: `tus: ${choice.id ? `${choice.id.label}; ` : ''}${labels.length > 0 ? labels.join(', ') : 'headers valid'}`,
        headers,
        params: choice.id ? { ...base.params, id: choice.id.value } : base.params,
        body:
          choice.body && (route.method === 'POST' || route.method === 'PATCH')
            ? { kind: 'bytes', payload: choice.body, contentType: choice.type, reads: 'opaque' }
            : { kind: 'none' },
        // Creations are invalid by construction; other methods name no existing upload. OPTIONS may answer 204.
        refuse: route.method !== 'OPTIONS',
      };
      return draft;
    });
}
