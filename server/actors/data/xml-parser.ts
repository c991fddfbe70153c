import { z } from 'zod';
import { type JsonValue, defineActor, errorMessage } from '../../engine';
import { choiceSetting, optionalText } from '../shared';
import { runHeavy } from '../heavy-work';
import { reportProblem } from './report-problem';
import { xmlProblem } from './xml-document';
import { XmlNamespacesSchema } from './xml-namespaces';
import { XmlOutputFormatSchema } from './xml-output';

/** Configuration of `tpl_xml_parser`, with the template's defaults. */
export const XmlParserConfigSchema = z.object({
  xpath: optionalText('An XPath selecting nodes of the document (xpath-in may override it); blank emits the whole document'),
  namespaces: XmlNamespacesSchema.describe('Namespace prefixes the XPath uses, one `prefix=uri` per line'),
  outputFormat: choiceSetting('How the XML becomes JSON: json (root element included, attributes as @_name), object (the root\'s content, plain attribute names) or array (the root\'s children or every XPath match)', XmlOutputFormatSchema.options, 'json'),
});

const XPathPacketSchema = z.union([
  z.string().transform((xpath) => ({ xpath, namespaces: undefined })),
  z.object({ xpath: z.string(), namespaces: z.record(z.string()).optional() }),
]);

/** Parses XML (entity declarations refused) into JSON shaped by `outputFormat`, optionally selecting with XPath. */
export const xmlParser = defineActor({
  id: 'tpl_xml_parser',
  title: 'XML Parser',
  description: 'Parses the XML on xml-in into JSON, with an optional XPath (xpath or xpath-in) and namespaces; problems go to errors-out.',
  inports: {
    'xml-in': { type: 'string', required: true, description: 'XML text' },
    'xpath-in': { type: 'all', sticky: true, description: 'An XPath string or {xpath, namespaces?} overriding the configuration (kept)' },
  },
  outports: { 'data-out': { type: 'all', description: 'The JSON' }, 'errors-out': { type: 'object', description: '{message, line?, column?} per problem' } },
  config: XmlParserConfigSchema,
  effects: 'none',
  async fire(ctx) {
    const { config, inputs } = ctx;
    const text = inputs['xml-in'];
    if (typeof text !== 'string') return reportProblem(ctx, 'errors-out', { message: 'xml-in must be XML text' });
    const problem = xmlProblem(text);
    if (problem !== undefined) return reportProblem(ctx, 'errors-out', problem);
    const packet = inputs['xpath-in'] === undefined ? undefined : XPathPacketSchema.safeParse(inputs['xpath-in']);
    if (packet?.success === false) return reportProblem(ctx, 'errors-out', { message: 'xpath-in must be an XPath string or {xpath, namespaces?}' });
    const expression = packet?.data.xpath.trim() || config.xpath;
    let output: JsonValue;
    try {
      const namespaces = { ...config.namespaces, ...packet?.data.namespaces };
      output = await runHeavy('xmlOutput', { text, expression, namespaces, format: config.outputFormat }, { signal: ctx.signal });
    } catch (error) {
      return reportProblem(ctx, 'errors-out', { message: errorMessage(error) });
    }
    await ctx.send('data-out', output);
  },
});

