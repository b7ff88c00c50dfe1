import type { JobView } from '@seamline/shared';
import type { FastifyInstance } from 'fastify';
import { call } from './harness.js';

/** Follows GET /api/admin/jobs/{id} until the job ends, and answers it. */
export async function waitForJob(app: FastifyInstance, token: string, id: string): Promise<JobView> {
  for (let i = 0; i < 3000; i++) {
    const res = await call<{ data: { job: JobView } }>(app, 'GET', `/api/admin/jobs/${id}`, { token });
    if (res.status !== 200) throw new Error(`job ${id}: ${res.status} ${JSON.stringify(res.body)}`);
    const { job } = res.body.data;
    if (job.status === 'completed' || job.status === 'failed') return job;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`job ${id} did not finish`);
}

/** Queues a job through its endpoint (which must answer 202 with the job) and waits for it to end. */
export async function runJob(app: FastifyInstance, token: string, url: string, body: unknown): Promise<JobView> {
  const started = await call(app, 'POST', url, { token, body });
  if (started.status !== 202) throw new Error(`${url}: ${started.status} ${JSON.stringify(started.body)}`);
  return waitForJob(app, token, started.body.data.job.id);
}
