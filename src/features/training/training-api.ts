// Calls of /api/training: status, start, stop, and (admins) the tokens of external workers.
import type { TrainingModelStatus, TrainingRun, WorkerToken } from '../../../core/api/training.ts';
import type { ModelType } from '../../../core/constants.ts';
import { api, request } from '../../lib/api-client.ts';

export const trainingApi = {
  status: () => request(() => api.get('training/status').json<TrainingModelStatus[]>()),
  start: (modelType: ModelType) =>
    request(() =>
      api.post('training/start', { json: { model_type: modelType } }).json<{ job: TrainingRun }>(),
    ),
  stop: (modelType: ModelType) =>
    request(() =>
      api.post('training/stop', { json: { model_type: modelType } }).json<{ job: TrainingRun }>(),
    ),
  workers: () => request(() => api.get('training/workers').json<{ workers: WorkerToken[] }>()),
  createWorker: (name: string, modelTypes: ModelType[]) =>
    request(() =>
      api
        .post('training/workers', { json: { name, model_types: modelTypes } })
        .json<{ worker: WorkerToken; token: string }>(),
    ),
  revokeWorker: (id: number) =>
    request(async () => {
      await api.delete(`training/workers/${id}`);
    }),
};
