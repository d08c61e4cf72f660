// Calls of /api/training: status, start, stop, and (admins) the tokens of external workers.
import {
  trainingJobResponseSchema,
  trainingStatusListSchema,
  workerTokenCreatedSchema,
  workerTokenListSchema,
} from '../../../core/api/training.ts';
import type { ModelType } from '../../../core/constants.ts';
import { api, request, requestJson } from '../../lib/api-client.ts';

export const trainingApi = {
  status: () => requestJson(trainingStatusListSchema, () => api.get('training/status')),
  start: (modelType: ModelType) =>
    requestJson(trainingJobResponseSchema, () =>
      api.post('training/start', { json: { model_type: modelType } }),
    ),
  stop: (modelType: ModelType) =>
    requestJson(trainingJobResponseSchema, () =>
      api.post('training/stop', { json: { model_type: modelType } }),
    ),
  workers: () => requestJson(workerTokenListSchema, () => api.get('training/workers')),
  createWorker: (name: string, modelTypes: ModelType[]) =>
    requestJson(workerTokenCreatedSchema, () =>
      api.post('training/workers', { json: { name, model_types: modelTypes } }),
    ),
  revokeWorker: (id: number) =>
    request(async () => {
      await api.delete(`training/workers/${id}`);
    }),
};
