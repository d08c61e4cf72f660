// Translate's "From a picture" (issue 32): the pictures kept on this phone, one at a time, each answered aloud in
// Lopit. The pack is refreshed when the screen opens with a connection; without one, the copy on the phone serves.
// A picture may be answered by many speakers, so the pictures go round: after an answer is kept, or on "Another
// picture", the next one comes.
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { translateOne } from '../../../core/i18n/messages/translation.ts';
import { useT } from '../../i18n/i18n.tsx';
import { packedPictures, refreshPictures } from './picture-pack.ts';
import { SayPictureCard } from './say-picture-card.tsx';

export function PicturePrompts(props: { userId: string; speakerId: string | null; canRecord: boolean }) {
  const t = useT();
  const pictures = useLiveQuery(() => packedPictures(), []);
  const [turn, setTurn] = useState(0);
  const [saved, setSaved] = useState(false);
  useEffect(() => void refreshPictures().catch(() => undefined), []);

  if (pictures === undefined) return <p role="status">{t(translateOne.readingPictures)}</p>;
  if (pictures.length === 0)
    return (
      <p className="muted" data-testid="pictures-empty">
        {t(translateOne.noPictures)}
      </p>
    );
  const index = turn % pictures.length;
  const picture = pictures[index]!;
  const next = () => setTurn(index + 1);
  return (
    <>
      {saved && (
        <p className="success-box" role="status" data-testid="picture-saved">
          {t(translateOne.pictureSaved)}
        </p>
      )}
      <SayPictureCard
        key={`${picture.id}-${turn}`}
        picture={picture}
        userId={props.userId}
        speakerId={props.speakerId}
        position={t(translateOne.picturePosition, { number: index + 1, count: pictures.length })}
        canRecord={props.canRecord}
        canMove={pictures.length >= 2}
        onSaved={() => {
          setSaved(true);
          next();
        }}
        onNext={() => {
          setSaved(false);
          next();
        }}
      />
    </>
  );
}
