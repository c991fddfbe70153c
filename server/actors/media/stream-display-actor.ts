import { type z } from 'zod';
import { type ActorContext, type AnyActorDefinition, defineActor, errorMessage } from '../../engine';
import { type MediaFacts } from './describe-media';
import { DEFAULT_MAX_MEDIA_BYTES, type MediaActorOptions } from './media-actor-options';
import { readStreamFrame } from './stream-frame';

/** What differs between the image and audio stream displays. */
export interface StreamDisplaySpec<C> {
  readonly id: string;
  readonly title: string;
  /** What a frame is, for the catalogue: `image`, `audio`. */
  readonly kind: string;
  readonly config: z.ZodType<C, z.ZodTypeDef, unknown>;
  /**
   * What a frame's bytes tell, given the type its sender declared.
   * @throws Error naming what the frame is not
   */
  readonly describe: (bytes: Uint8Array, declaredType: string | undefined) => MediaFacts;
}

interface DisplayState {
  frames: number;
}

function summary(facts: MediaFacts, size: number): string {
  const dimensions = typeof facts.width === 'number' ? ` ${facts.width}x${facts.height}` : '';
  return `${facts.contentType}${dimensions}, ${size} bytes`;
}

/**
 * Builds a stream display node, a sink the IDE renders: each packet on `stream` is one frame. The node reads
 * what the frame is and forwards it to the execution's subscribers as a `StreamChunk` event of `metadata`
 * (`{frame, contentType, format, size, receivedAt, ..., base64}`, the frame's bytes cut to the event payload
 * limit), whether or not `metadata` is connected; the frame info without the bytes goes out on `metadata`
 * and in a log line of the node (which the FBP protocol forwards as network output). A frame that cannot be
 * read fails the node, naming the frame and why.
 */
export function createStreamDisplayActor<C>(spec: StreamDisplaySpec<C>, options: MediaActorOptions): AnyActorDefinition {
  return defineActor({
    id: spec.id,
    title: spec.title,
    description: `Shows a stream of ${spec.kind} frames in the IDE; emits what each frame is on metadata.`,
    inports: {
      stream: { type: 'all', required: true, description: `One ${spec.kind} frame per packet: {base64, contentType}, a base64 data: URL or base64 text` },
    },
    outports: {
      metadata: {
        type: 'object',
        description: `Per frame: {frame, contentType, format, size, receivedAt} and what the format tells (${spec.kind === 'image' ? 'width, height' : 'channels, sample rate, duration'})`,
      },
    },
    config: spec.config,
    createState: (): DisplayState => ({ frames: 0 }),
    // receivedAt reads the clock.
    effects: 'repeatable',
    async fire(ctx: ActorContext<C, 'stream', 'metadata', DisplayState>) {
      const frame = ++ctx.state.frames;
      let info;
      try {
        const read = readStreamFrame(ctx.inputs.stream, options.maxMediaBytes ?? DEFAULT_MAX_MEDIA_BYTES);
        const facts = spec.describe(read.bytes, read.declaredType);
        info = { frame, ...facts, size: read.bytes.length, receivedAt: new Date().toISOString() };
        ctx.stream('metadata', { ...info, base64: Buffer.from(read.bytes).toString('base64') });
        ctx.log(`Frame ${frame}: ${summary(facts, read.bytes.length)}`, info);
      } catch (error) {
        throw new Error(`${spec.title} frame ${frame}: ${errorMessage(error)}`);
      }
      await ctx.send('metadata', info);
    },
  });
}
