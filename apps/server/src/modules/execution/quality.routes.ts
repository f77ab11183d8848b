import { envelope } from '@meridian/contract/envelope';
import { ExecutionQualityQuery, ExecutionQualityReport } from '@meridian/contract/execution-quality';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../context';
import { ok } from '../../http/envelope';
import { qualityReport } from './quality.service';

const tags = ['execution'];

/** The public execution-quality report: no sign-in, read from the job's daily figures. */
export const qualityRoutes: FastifyPluginAsyncZod<{ context: ServerContext }> = async (app, { context }) => {
  app.get(
    '/api/execution/quality',
    {
      schema: {
        tags,
        summary: 'Execution quality per instrument and UTC day (public)',
        querystring: ExecutionQualityQuery,
        response: { 200: envelope(ExecutionQualityReport) },
      },
    },
    async (request) => ok(request, await qualityReport(context, request.query)),
  );
};
