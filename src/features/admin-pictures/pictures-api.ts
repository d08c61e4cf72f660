// Calls of /api/admin/pictures (issue 32): upload a picture prompt with its rights, list them, retire one;
// answers are parsed with the contract's schemas.
import {
  adminPictureResponseSchema,
  adminPicturesSchema,
  type PictureFields,
} from '../../../core/api/pictures.ts';
import { api, requestJson } from '../../lib/api-client.ts';

/** Decoding and re-encoding a large photo can take longer than an ordinary call on a small server. */
const UPLOAD_TIMEOUT_MS = 60_000;

export const picturesApi = {
  list: () => requestJson(adminPicturesSchema, () => api.get('admin/pictures')),
  upload: (image: File, fields: PictureFields) => {
    const body = new FormData();
    body.append('description', fields.description);
    body.append('credit', fields.credit);
    body.append('licence', fields.licence);
    body.append('image', image);
    return requestJson(adminPictureResponseSchema, () =>
      api.post('admin/pictures', {
        body,
        timeout: UPLOAD_TIMEOUT_MS,
        headers: { 'Idempotency-Key': crypto.randomUUID() },
      }),
    );
  },
  retire: (id: string) =>
    requestJson(adminPictureResponseSchema, () =>
      api.post(`admin/pictures/${encodeURIComponent(id)}/retire`, {
        headers: { 'Idempotency-Key': crypto.randomUUID() },
      }),
    ),
};
