// /training: the usable Lopit speech the models learn from, as /data and the exports count it (one server
// definition: server/features/training/usable-speech.ts), with hours per speaker, so the community sees who
// could be the voice, and per dialect. Speakers appear by their pseudonymous code, never by name.
import { useId } from 'react';
import type { UsableSpeech } from '../../../core/api/data.ts';
import { TRAINING_REQUIREMENTS } from '../../../core/constants.ts';
import { training } from '../../../core/i18n/messages/training.ts';
import { formatNumber, useT } from '../../i18n/i18n.tsx';
import { formatSpeechAmount } from './training-text.ts';

/** Speakers shown in the table; the rest are counted under it. */
export const SPEECH_SPEAKER_ROWS = 10;

export function SpeechFigures({ speech }: { speech: UsableSpeech }) {
  const t = useT();
  const headingId = useId();
  const speakersId = useId();
  const dialectsId = useId();
  const voice = TRAINING_REQUIREMENTS.tts;
  const shown = speech.bySpeaker.slice(0, SPEECH_SPEAKER_ROWS);
  const hidden = speech.speakers - shown.length;
  const amount = (seconds: number, hours: number) => formatSpeechAmount(seconds, hours, t);
  const columns = {
    speaker: t(training.speakerColumn),
    dialect: t(training.dialectColumn),
    hours: t(training.speechHours),
    clips: t(training.speechClips),
    speakers: t(training.speechSpeakers),
    voice: t(training.voiceColumn),
  };
  const notGiven = <span className="muted">{t(training.dialectNotGiven)}</span>;

  return (
    <section className="card training-speech" aria-labelledby={headingId} data-testid="training-speech">
      <h2 id={headingId}>{t(training.speechTitle)}</h2>
      <p className="muted training-note">{t(training.speechNote)}</p>
      <dl className="training-speech-totals">
        <div>
          <dt>{columns.hours}</dt>
          <dd data-testid="speech-hours">{amount(speech.seconds, speech.hours)}</dd>
        </div>
        <div>
          <dt>{columns.clips}</dt>
          <dd data-testid="speech-clips">{formatNumber(speech.clips)}</dd>
        </div>
        <div>
          <dt>{columns.speakers}</dt>
          <dd data-testid="speech-speakers">{formatNumber(speech.speakers)}</dd>
        </div>
      </dl>
      {speech.clips === 0 ? (
        <p className="muted">{t(training.noSpeech)}</p>
      ) : (
        <>
          <h3 id={speakersId} className="training-subheading">
            {t(training.bySpeakerTitle)}
          </h3>
          <p className="muted training-note">
            {t(training.bySpeakerNote, { min: voice.minHours, target: voice.targetHours })}
          </p>
          <div className="table-wrap">
            <table className="card-table" aria-labelledby={speakersId}>
              <caption className="visually-hidden">
                {t(training.bySpeakerCaption, { count: shown.length })}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{columns.speaker}</th>
                  <th scope="col">{columns.dialect}</th>
                  <th scope="col">{columns.hours}</th>
                  <th scope="col">{columns.clips}</th>
                  <th scope="col">{columns.voice}</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((row) => {
                  const enough = row.hours >= voice.minHours;
                  return (
                    <tr key={row.speaker}>
                      <td data-label={columns.speaker} translate="no">
                        {row.speaker}
                      </td>
                      <td data-label={columns.dialect}>
                        {row.dialect === null ? notGiven : <span translate="no">{row.dialect}</span>}
                      </td>
                      <td data-label={columns.hours}>{amount(row.seconds, row.hours)}</td>
                      <td data-label={columns.clips}>{formatNumber(row.clips)}</td>
                      <td data-label={columns.voice} className={enough ? 'readiness-met' : ''}>
                        {enough ? (
                          <>
                            <span aria-hidden="true">✓ </span>
                            {t(training.voiceEnough)}
                          </>
                        ) : (
                          t(training.voiceToGo, {
                            hours: formatNumber(Math.round((voice.minHours - row.hours) * 100) / 100),
                          })
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {hidden > 0 && <p className="muted training-note">{t(training.moreSpeakers, { count: hidden })}</p>}
          <h3 id={dialectsId} className="training-subheading">
            {t(training.byDialectTitle)}
          </h3>
          <div className="table-wrap">
            <table className="card-table" aria-labelledby={dialectsId}>
              <caption className="visually-hidden">{t(training.byDialectCaption)}</caption>
              <thead>
                <tr>
                  <th scope="col">{columns.dialect}</th>
                  <th scope="col">{columns.hours}</th>
                  <th scope="col">{columns.clips}</th>
                  <th scope="col">{columns.speakers}</th>
                </tr>
              </thead>
              <tbody>
                {speech.byDialect.map((row) => (
                  <tr key={row.dialect ?? ''}>
                    <td data-label={columns.dialect}>
                      {row.dialect === null ? notGiven : <span translate="no">{row.dialect}</span>}
                    </td>
                    <td data-label={columns.hours}>{amount(row.seconds, row.hours)}</td>
                    <td data-label={columns.clips}>{formatNumber(row.clips)}</td>
                    <td data-label={columns.speakers}>{formatNumber(row.speakers)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
