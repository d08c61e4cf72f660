// /training: the three model types, their status, and how far the data is from what each needs.
import { useEffect, useState } from 'react';
import type { ModelStatus, Statistics } from '../../../core/api/data.ts';
import {
  MODEL_TYPES,
  MVP_GOAL_AUDIO_HOURS,
  MVP_GOAL_SPEAKERS,
  MVP_GOAL_TRANSLATION_PAIRS,
  TRAINING_POLL_MS,
  type ModelType,
} from '../../../core/constants.ts';
import { api, request } from '../../lib/api-client.ts';
import { dataApi } from '../data/data-api.ts';

const MODEL_INFO: Record<ModelType, { title: string; requirement: string }> = {
  asr: {
    title: 'Speech recognition (ASR)',
    requirement: 'Needs 20-50 hours of audio, 50+ speakers, transcribed data.',
  },
  tts: {
    title: 'Text-to-speech (TTS)',
    requirement: 'Needs 3-8 hours of single-speaker high-quality recordings with the Omiaha accent.',
  },
  mt: {
    title: 'Machine translation (MT)',
    requirement: 'Needs 10-30k sentence pairs Lopit-English with diverse vocabulary.',
  },
};

const STATUS_LABEL: Record<ModelStatus['status'], string> = {
  trained: '✓ Trained',
  training: '⟳ Training',
  not_trained: '○ Not trained',
  error: '⚠ Error',
};

const placeholder = (modelType: ModelType): ModelStatus => ({
  modelType,
  status: 'not_trained',
  lastTrained: null,
  progress: 0,
  metrics: {},
});

export function TrainingPage() {
  const [models, setModels] = useState<ModelStatus[] | null>(null);
  const [stats, setStats] = useState<Statistics | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const poll = () =>
      request(() => api.get('training/status').json<ModelStatus[]>()).then(
        (list) => {
          setModels(list);
          setError(null);
        },
        (caught: Error) => setError(caught.message),
      );
    void poll();
    dataApi.statistics().then(setStats, () => undefined);
    const timer = setInterval(() => void poll(), TRAINING_POLL_MS);
    return () => clearInterval(timer);
  }, []);

  const cards = MODEL_TYPES.map(
    (type) => models?.find((model) => model.modelType === type) ?? placeholder(type),
  );
  const countOf = (status: ModelStatus['status']) => cards.filter((card) => card.status === status).length;
  const measured: Record<ModelType, string> = {
    asr: `Now: ${stats?.totalAudioHours ?? 0} of ${MVP_GOAL_AUDIO_HOURS} hours, ${stats?.totalSpeakers ?? 0} of ${MVP_GOAL_SPEAKERS} speakers.`,
    tts: `Now: ${stats?.totalAudioHours ?? 0} hours of audio in all speakers.`,
    mt: `Now: ${stats?.totalTranslations ?? 0} of ${MVP_GOAL_TRANSLATION_PAIRS.toLocaleString()} pairs.`,
  };

  return (
    <div className="page stack">
      <div className="page-header">
        <h1>Model Training</h1>
        <p>Models are trained from the community's consented contributions.</p>
      </div>
      {error && (
        <div className="error-box" role="alert">
          {error}
        </div>
      )}
      <div className="grid">
        <div className="card stat">
          <span className="stat-value">{countOf('trained')}</span>
          <span className="stat-label">Trained</span>
        </div>
        <div className="card stat">
          <span className="stat-value">{countOf('training')}</span>
          <span className="stat-label">Training</span>
        </div>
        <div className="card stat">
          <span className="stat-value">{countOf('not_trained')}</span>
          <span className="stat-label">Not trained</span>
        </div>
      </div>
      <div className="grid">
        {cards.map((model) => (
          <article key={model.modelType} className="card" data-testid={`model-card-${model.modelType}`}>
            <h2>{MODEL_INFO[model.modelType].title}</h2>
            <p>
              <strong>{STATUS_LABEL[model.status]}</strong>
            </p>
            <p className="muted">
              {model.status === 'training'
                ? `Progress ${model.progress}%`
                : model.lastTrained
                  ? `Last trained ${new Date(model.lastTrained).toLocaleString()}`
                  : 'Never trained'}
            </p>
            <progress
              className="progress"
              max={100}
              value={model.progress}
              aria-label={`${model.modelType} progress`}
            />
            {Object.keys(model.metrics).length > 0 && (
              <dl>
                {Object.entries(model.metrics).map(([name, value]) => (
                  <div key={name}>
                    <dt>{name}</dt>
                    <dd>{value}</dd>
                  </div>
                ))}
              </dl>
            )}
            <p>{MODEL_INFO[model.modelType].requirement}</p>
            <p className="muted">{measured[model.modelType]}</p>
          </article>
        ))}
      </div>
    </div>
  );
}
