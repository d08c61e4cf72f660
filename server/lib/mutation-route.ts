// A contribution kind's route options from its one declaration (core/api/mutations.ts): the schemas Fastify
// validates with, and what the published contract says beyond them (its summary, its error answers and the
// Idempotency-Key every outbox route takes). A route spreads them into its options and adds its handler.
import {
  multipartMutationSchema,
  mutation,
  mutationSchema,
  type MutationKind,
} from '../../core/api/mutations.ts';
import { idempotentContract } from './idempotency.ts';
import type { RouteContractConfig } from './route-contract.ts';

/** The options of a JSON kind's route: params, body and answer validated by the declaration's schemas. */
export function mutationRoute<K extends MutationKind>(kind: K) {
  const declaration = mutation(kind);
  return {
    schema: { summary: declaration.summary, ...mutationSchema(kind) },
    config: idempotentContract(...declaration.errors),
  };
}

/**
 * The options of a multipart kind's route, which reads its form itself: `requestBody` says in the contract what
 * the form holds.
 */
export function multipartMutationRoute<K extends MutationKind>(
  kind: K,
  requestBody: NonNullable<RouteContractConfig['requestBody']>,
) {
  const declaration = mutation(kind);
  return {
    schema: { summary: declaration.summary, ...multipartMutationSchema(kind) },
    config: { ...idempotentContract(...declaration.errors), requestBody },
  };
}
