// /api/data: statistics, speakers, timeline and dialects (signed-in contributors), lexicon (public, rate-limited).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dialectsSchema, speakersResponseSchema, statisticsSchema, timelineQuerySchema, timelineSchema } from '../../../core/api/data.ts';
import { lexiconEntriesResponseSchema, lexiconQuerySchema } from '../../../core/api/lexicon.ts';
import { SPEAKERS_TABLE_ROWS } from '../../../core/constants.ts';
import type { Config } from '../../config.ts';
import { rateLimits } from '../../plugins/security.ts';

/** Speakers answered: the page shows the first SPEAKERS_TABLE_ROWS; other clients may show more. */
const SPEAKERS_ANSWERED = Math.max(SPEAKERS_TABLE_ROWS, 50);

export default function dataRoutes(instance: FastifyInstance, { config }: { config: Config }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { data, lexicon } = app.repositories;

  app.get(
    '/statistics',
    { onRequest: app.requireUser, schema: { summary: 'Counts of contributions and contributors',  response: { 200: statisticsSchema } } },
    () => data.statistics(),
  );

  app.get(
    '/speakers',
    {
      onRequest: app.requireUser,
      schema: { summary: 'The most active speakers (pseudonymous)',  response: { 200: speakersResponseSchema } },
    },
    async () => ({ speakers: await data.speakers(SPEAKERS_ANSWERED) }),
  );

  app.get(
    '/timeline',
    {
      onRequest: app.requireUser,
      schema: { summary: 'Contributions over time',  querystring: timelineQuerySchema, response: { 200: timelineSchema } },
    },
    (request) => data.timeline(request.query.bucket),
  );

  app.get(
    '/dialects',
    { onRequest: app.requireUser, schema: { summary: 'Contributions by dialect',  response: { 200: dialectsSchema } } },
    async () => ({ dialects: await data.dialects() }),
  );

  app.get(
    '/lexicon',
    {
      config: { rateLimit: rateLimits(config).public },
      schema: { summary: 'Search the lexicon', 
        querystring: lexiconQuerySchema,
        response: { 200: lexiconEntriesResponseSchema },
      },
    },
    async (request) => ({ entries: await lexicon.search(request.query.search, request.query.limit) }),
  );
}
