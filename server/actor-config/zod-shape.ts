import { z } from 'zod';

/** Returns the type a wrapper (optional, nullable, default, effects, catch, ...) wraps, or `undefined` for a plain type. */
function innerOf(type: z.ZodTypeAny): z.ZodTypeAny | undefined {
  if (type instanceof z.ZodOptional || type instanceof z.ZodNullable) return type.unwrap() as z.ZodTypeAny;
  if (type instanceof z.ZodDefault || type instanceof z.ZodCatch || type instanceof z.ZodReadonly) return type._def.innerType as z.ZodTypeAny;
  if (type instanceof z.ZodEffects) return type.innerType() as z.ZodTypeAny;
  if (type instanceof z.ZodBranded) return type.unwrap() as z.ZodTypeAny;
  if (type instanceof z.ZodPipeline) return type._def.in as z.ZodTypeAny;
  if (type instanceof z.ZodLazy) return type.schema as z.ZodTypeAny;
  return undefined;
}

/** Every layer of a type from the outermost wrapper to the plain type inside. */
export function layersOf(type: z.ZodTypeAny): z.ZodTypeAny[] {
  const layers = [type];
  for (let inner = innerOf(type); inner !== undefined && layers.length < 64; inner = innerOf(inner)) layers.push(inner);
  return layers;
}

/** The plain type inside every wrapper of a field (`z.number().int().default(1)` gives the `ZodNumber`). */
function baseTypeOf(type: z.ZodTypeAny): z.ZodTypeAny {
  const layers = layersOf(type);
  return layers[layers.length - 1];
}

/** The fields of an object schema, looking through refinements and other wrappers; `undefined` for a non-object schema. */
export function objectShapeOf(schema: z.ZodTypeAny): z.ZodRawShape | undefined {
  const base = baseTypeOf(schema);
  return base instanceof z.ZodObject ? (base.shape as z.ZodRawShape) : undefined;
}

/** Tells whether a field holds text: a string, a string enum or a string literal. */
export function isTextType(type: z.ZodTypeAny): boolean {
  const base = baseTypeOf(type);
  return base instanceof z.ZodString || base instanceof z.ZodEnum || (base instanceof z.ZodLiteral && typeof base.value === 'string');
}
