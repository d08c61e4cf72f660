// The picture a clip said "From a picture" answers, where the clip is seen (/transcribe, Your recordings): the
// image from the phone's pack (IndexedDB, offline too) with its English description as the text alternative;
// while the image is not on the phone, its description in words, and (given a description: a picture the server
// still offers) the phone fetches the pack when it can.
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { translateOne } from '../../../core/i18n/messages/translation.ts';
import { richText, useT } from '../../i18n/i18n.tsx';
import { localDb } from '../../offline/local-db.ts';
import { refreshPicturesSoon } from './picture-pack.ts';
import { PackedPictureImage } from './packed-picture-image.tsx';
import './pictures.css';

export function ClipPicture({ pictureId, description }: { pictureId: string; description?: string | null }) {
  const t = useT();
  // null: looked for and not on this phone; undefined: still looking.
  const picture = useLiveQuery(async () => (await localDb().pictures.get(pictureId)) ?? null, [pictureId]);
  const missing = picture === null && Boolean(description);
  useEffect(() => {
    if (missing && navigator.onLine) void refreshPicturesSoon();
  }, [missing]);
  if (picture === undefined) return null;
  if (picture === null)
    return (
      <p className="muted clip-picture-missing" data-testid="clip-picture-missing">
        {description
          ? richText(t, translateOne.saidFromPicture, { description: <span lang="en">{description}</span> })
          : t(translateOne.saidFromAPicture)}
      </p>
    );
  return (
    <figure className="picture-prompt clip-picture">
      <PackedPictureImage picture={picture} testId="clip-picture" />
    </figure>
  );
}
