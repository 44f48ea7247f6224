export {
  createJobQueue,
  JOBS_SCHEMA,
  type JobDefinition,
  type JobQueue,
  type SendJob,
  type SendOptions,
} from './queue.ts';
