import type { FastifyInstance } from 'fastify';
import { SERVER_LIMITS } from '../../limits';
import type { Area, AreaRegistration } from '../area';
import { qualityRoutes } from './quality.routes';
import { ExecutionQualityJob } from './quality-job';

export type ExecutionAreaOptions = {
  /** Whether this node leads (holds the trading engine's lock): only the leader runs the job. */
  leads(): boolean;
  execution: {
    /** The job runs on its timer (the server); tests run it by hand (`app.executionQuality.runOnce()`). */
    autoStart: boolean;
  };
};

/**
 * The execution area: the public execution-quality report and the job that keeps its
 * daily figures, started when the app is ready and stopped, after a run in flight, when it closes.
 */
const registerExecution: AreaRegistration<ExecutionAreaOptions> = async (
  app: FastifyInstance,
  context,
  { leads, execution },
) => {
  const job = new ExecutionQualityJob(context, app.log, {
    leads,
    autoStart: execution.autoStart,
    intervalMs: SERVER_LIMITS.executionQualityJobMs,
    firstRunMs: SERVER_LIMITS.executionQualityFirstRunMs,
    beatMs: SERVER_LIMITS.executionQualityBeatMs,
  });
  app.decorate('executionQuality', job);
  app.addHook('onReady', async () => {
    job.start();
  });
  app.addHook('onClose', async () => {
    await job.stop();
  });
  await app.register(qualityRoutes, { context });
};

/** After trading: the engine's lock, which says whether this node leads, is taken when trading starts. */
export const executionArea: Area<ExecutionAreaOptions> = {
  name: 'execution',
  needs: ['auth', 'trading'],
  register: registerExecution,
};
