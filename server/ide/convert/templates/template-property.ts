import { type JsonValue } from '../../../engine';
import { type IdePropertyType, type IdeTemplateProperty } from './ide-template';

/** Builds an optional template property, with its default when the template gives one. */
export function optional(type: IdePropertyType, defaultValue?: JsonValue): IdeTemplateProperty {
  return defaultValue === undefined ? { type, required: false } : { type, required: false, defaultValue };
}

/** Builds a template property the IDE marks as required, with its default when the template gives one. */
export function required(type: IdePropertyType, defaultValue?: JsonValue): IdeTemplateProperty {
  return defaultValue === undefined ? { type, required: true } : { type, required: true, defaultValue };
}
