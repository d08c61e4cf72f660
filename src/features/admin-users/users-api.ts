// Calls of /api/admin about people: the accounts with their roles and reset links, and the field speakers
// contributors added with the evidence of their consent; answers are parsed with the contract's schemas.
import {
  resetLinkResponseSchema,
  userResponseSchema,
  usersResponseSchema,
  type Role,
} from '../../../core/api/auth.ts';
import { speakersResponseSchema } from '../../../core/api/speakers.ts';
import { api, request, requestJson } from '../../lib/api-client.ts';

export const usersApi = {
  users: () => requestJson(usersResponseSchema, () => api.get('admin/users')),
  setRole: (id: string, role: Role) =>
    requestJson(userResponseSchema, () => api.patch(`admin/users/${id}/role`, { json: { role } })),
  resetLink: (id: string) =>
    requestJson(resetLinkResponseSchema, () => api.post(`admin/users/${id}/reset-link`)),
};

/** Every field speaker a contributor added, and a file showing one's consent (needs an admin's session). */
export const adminSpeakersApi = {
  list: () => requestJson(speakersResponseSchema, () => api.get('admin/speakers')),
  evidence: (speakerId: string, evidenceId: number) =>
    request(() => api.get(`admin/speakers/${speakerId}/evidence/${evidenceId}`).blob()),
};
