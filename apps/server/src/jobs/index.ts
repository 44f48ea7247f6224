export { createJobQueue, JOBS_SCHEMA, type JobDefinition, type JobQueue, type SendOptions } from './queue.ts';
