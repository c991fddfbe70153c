import Handlebars from 'handlebars';
import Mustache from 'mustache';
import { type JsonObject } from '../../engine';

/** The template engines of the `templateEngine` select. */
export const TEMPLATE_ENGINES = ['none', 'handlebars', 'mustache'] as const;

/** One of {@link TEMPLATE_ENGINES}. */
export type TemplateEngine = (typeof TEMPLATE_ENGINES)[number];

// An own environment: helpers or partials registered elsewhere in the process do not reach mail templates.
const handlebars = Handlebars.create();

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0];
}

/** Why a template does not parse with its engine, or undefined when it does (or the engine is `none`). */
export function templateProblem(engine: TemplateEngine, source: string): string | undefined {
  try {
    if (engine === 'handlebars') handlebars.precompile(source);
    if (engine === 'mustache') Mustache.parse(source);
    return undefined;
  } catch (error) {
    return `is not a ${engine} template: ${firstLine(error)}`;
  }
}

/**
 * Fills a template with a packet's values. Values are HTML-escaped only in an HTML body: a subject and a
 * text body keep them as written.
 * @throws Error with the engine's reason when the template does not parse
 */
export function renderTemplate(engine: TemplateEngine, source: string, view: JsonObject, html: boolean): string {
  if (engine === 'handlebars') return handlebars.compile(source, { noEscape: !html, strict: false })(view);
  if (engine === 'mustache') return Mustache.render(source, view, {}, html ? {} : { escape: (text: string) => text });
  return source;
}
