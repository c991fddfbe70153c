import { type AnyActorDefinition } from '../../engine';
import { s3StorageActor } from './s3-storage-actor';

/** The file storage family of the catalogue: S3 buckets. */
export const fileActors: readonly AnyActorDefinition[] = [s3StorageActor];
export { createS3StorageActor } from './s3-storage-actor';
