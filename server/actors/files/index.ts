import { type AnyActorDefinition } from '../../engine';
import { s3StorageActor } from './s3-storage-actor';

/** The file storage family of the catalogue: S3 buckets. */
export const fileActors: readonly AnyActorDefinition[] = [s3StorageActor];
export { type S3StorageActorOptions, DEFAULT_S3_REGION, createS3StorageActor, s3StorageActor, s3StorageConfigSchema } from './s3-storage-actor';
export { MAX_LISTED_OBJECTS, S3_OPERATIONS } from './s3-operations';
