// Say it from a picture (issue 32): a picture of the pack kept on this phone, shown with its English description
// as its text alternative (and heard, for those who want it), answered aloud in Lopit by someone who need read
// neither language. The clip is kept like every recording (IndexedDB first, a crash loses nothing), in Lopit,
// without a transcript, with the picture it answers (pictureId), and uploaded through the outbox
// (recording.upload) when there is a connection; on the server it waits on Transcribe.
import { useId } from 'react';
import type { PackedPicture } from '../../offline/local-db.ts';
import { SpeechButton } from '../chat/speech-button.tsx';
import { OneTakeControls, useOneTake } from '../recording/one-take.tsx';
import { translateOne } from '../../../core/i18n/messages/translation.ts';
import { useT } from '../../i18n/i18n.tsx';
import { PackedPictureImage } from './packed-picture-image.tsx';
import './pictures.css';

export function SayPictureCard(props: {
  picture: PackedPicture;
  userId: string;
  speakerId: string | null;
  position: string;
  canRecord: boolean;
  canMove: boolean;
  onSaved: () => void;
  onNext: () => void;
}) {
  const t = useT();
  const { picture } = props;
  const id = useId();
  const take = useOneTake(
    props.userId,
    () => ({
      title: null,
      transcript: null,
      language: 'lpx',
      promptPairId: null,
      pictureId: picture.id,
      speakerId: props.speakerId,
    }),
    props.onSaved,
  );

  return (
    <section className="card stack speak-card" aria-labelledby={`${id}-heading`} data-testid="picture-card">
      <h2 id={`${id}-heading`} className="review-position speak-position">
        {props.position}
      </h2>
      <figure className="picture-prompt">
        <PackedPictureImage picture={picture} testId="picture-image" />
        <figcaption className="muted">{t(translateOne.pictureCredit, { credit: picture.credit })}</figcaption>
      </figure>
      <div className="speak-hear">
        <SpeechButton
          key={picture.id}
          text={picture.description}
          language="en"
          label={t(translateOne.hearDescription)}
          ariaLabel={t(translateOne.hearDescription)}
        />
      </div>
      <p className="muted">{t(translateOne.picturePrompt)}</p>
      <OneTakeControls take={take} label={t(translateOne.sayInLopit)} disabled={!props.canRecord} />
      <div className="button-row speak-secondary">
        <button type="button" className="btn" disabled={take.busy || !props.canMove} onClick={props.onNext}>
          {t(translateOne.nextPicture)}
        </button>
      </div>
    </section>
  );
}
