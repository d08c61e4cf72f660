// Picture prompts (issue 32): images an admin uploads, with who made them and under what licence or permission,
// and a short English description, for speakers who read neither English nor Lopit: a picture, seen, is answered
// aloud in Lopit. Admins upload and retire them (/api/admin/pictures); contributors fetch the pack of active ones
// (/api/pictures/pack) for the phone to keep offline, each with the URL of an image re-encoded on the server
// (metadata such as EXIF and GPS gone, at most PICTURE_SERVED_MAX_EDGE pixels on its longest side).
import { z } from 'zod';

/** The largest image an admin may upload (a camera's full-size JPEG fits). */
export const PICTURE_UPLOAD_MAX_BYTES = 12 * 1024 * 1024;
/** The longest side, in pixels, of the image the server keeps and serves (a phone's screen, sharp enough). */
export const PICTURE_SERVED_MAX_EDGE = 1024;
/** The one type of the image served: re-encoded JPEG, without any of the upload's metadata. */
export const PICTURE_SERVED_TYPE = 'image/jpeg';
export const PICTURE_DESCRIPTION_MAX = 300;
export const PICTURE_CREDIT_MAX = 300;
export const PICTURE_LICENCE_MAX = 1000;
/** Where the phone fetches a picture's image (the API answers its URL in each pack entry). */
export const pictureImagePath = (id: string) => `/api/pictures/${id}/image`;

/** One line of text, required, length bounded before anything else runs, without control characters. */
const requiredLine = (max: number, what: string) =>
  z
    .string({ error: `${what} is required.` })
    .max(max * 4, `${what} may be at most ${max} characters.`)
    .trim()
    .min(1, `${what} is required.`)
    .max(max, `${what} may be at most ${max} characters.`)
    // eslint-disable-next-line no-control-regex
    .refine((text) => !/[\u0000-\u001f\u007f]/.test(text), `${what} may not hold control characters.`);

/**
 * POST /api/admin/pictures: the text fields beside the image (field `image`). The rights are required: who made
 * the picture or where it is from (credit), and the licence or the permission given (licence).
 */
export const pictureFieldsSchema = z.object({
  description: requiredLine(PICTURE_DESCRIPTION_MAX, 'The description'),
  credit: requiredLine(PICTURE_CREDIT_MAX, 'Who made the picture (or its source)'),
  licence: z
    .string({ error: 'The licence or permission is required.' })
    .max(
      PICTURE_LICENCE_MAX * 4,
      `The licence or permission may be at most ${PICTURE_LICENCE_MAX} characters.`,
    )
    .trim()
    .min(1, 'The licence or permission is required.')
    .max(PICTURE_LICENCE_MAX, `The licence or permission may be at most ${PICTURE_LICENCE_MAX} characters.`)
    // Line breaks are allowed in a permission text; other control characters are not.
    .refine(
      // eslint-disable-next-line no-control-regex
      (text) => !/[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f]/.test(text),
      'The licence may not hold control characters.',
    ),
});
export type PictureFields = z.infer<typeof pictureFieldsSchema>;

/** A picture as the phone keeps it: what to show and say, and where its image is. */
export const packPictureSchema = z.object({
  id: z.string(),
  description: z.string(),
  credit: z.string(),
  licence: z.string(),
  /** The served image: `pictureImagePath(id)`, JPEG, at most PICTURE_SERVED_MAX_EDGE pixels on its longest side. */
  imageUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  sizeBytes: z.number().int(),
  /** SHA-256 (hex) of the served image: the phone fetches it again only when this changes. */
  sha256: z.string(),
});
export type PackPicture = z.infer<typeof packPictureSchema>;

/** GET /api/pictures/pack: the active pictures, oldest first. */
export const picturePackSchema = z.object({ pictures: z.array(packPictureSchema) });
export type PicturePack = z.infer<typeof picturePackSchema>;

/** A picture as an admin sees it: with who uploaded it, when, and whether it is retired. */
export const adminPictureSchema = packPictureSchema.extend({
  uploadedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  retiredAt: z.string().nullable(),
  /** Clips recorded from it. */
  clips: z.number().int(),
});
export type AdminPicture = z.infer<typeof adminPictureSchema>;

export const adminPicturesSchema = z.object({ pictures: z.array(adminPictureSchema) });
export const adminPictureResponseSchema = z.object({ picture: adminPictureSchema });

export const pictureIdParamsSchema = z.object({ id: z.uuid('Not a picture id') });
