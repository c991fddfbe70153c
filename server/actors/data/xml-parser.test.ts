import { runNode } from '../../../test/support/kits';
import { XmlParserConfigSchema, xmlParser } from './xml-parser';

const orders = `<?xml version="1.0"?>
<orders region="eu">
  <order id="1"><customer>Ada</customer><total>120.50</total></order>
  <order id="2"><customer>Bob &amp; Co</customer><total>80</total></order>
  <note>two orders</note>
</orders>`;

const namespaced = `<feed xmlns="urn:feed" xmlns:x="urn:extra"><entry><title>A</title><x:rank>1</x:rank></entry><entry><title>B</title><x:rank>2</x:rank></entry></feed>`;

describe('tpl_xml_parser', () => {
  it("applies the template's defaults and parses the document into JSON, values as text", async () => {
    expect(XmlParserConfigSchema.parse({})).toEqual({ xpath: undefined, namespaces: {}, outputFormat: 'json' });
    const run = await runNode(xmlParser, { packets: [['xml-in', orders]] });
    expect(run.packets['data-out']).toEqual([
      {
        orders: {
          '@_region': 'eu',
          order: [
            { '@_id': '1', customer: 'Ada', total: '120.50' },
            { '@_id': '2', customer: 'Bob & Co', total: '80' },
          ],
          note: 'two orders',
        },
      },
    ]);
  });

  it('gives the root content with plain attribute names as object, and the root children as array', async () => {
    const object = await runNode(xmlParser, { config: { outputFormat: 'object' }, packets: [['xml-in', orders]] });
    expect(object.packets['data-out']).toEqual([
      { region: 'eu', order: [{ id: '1', customer: 'Ada', total: '120.50' }, { id: '2', customer: 'Bob & Co', total: '80' }], note: 'two orders' },
    ]);
    const array = await runNode(xmlParser, { config: { outputFormat: 'array' }, packets: [['xml-in', orders]] });
    expect(array.packets['data-out']).toEqual([[{ id: '1', customer: 'Ada', total: '120.50' }, { id: '2', customer: 'Bob & Co', total: '80' }, 'two orders']]);
  });

  it('keeps an attribute apart from a child element of the same name', async () => {
    const run = await runNode(xmlParser, { config: { outputFormat: 'object' }, packets: [['xml-in', '<a id="1"><id>2</id></a>']] });
    expect(run.packets['data-out']).toEqual([{ '@id': '1', id: '2' }]);
  });

  it('selects with the xpath key: elements, attributes, text and scalar results', async () => {
    const select = async (xpath: string, outputFormat = 'object') =>
      (await runNode(xmlParser, { config: { xpath, outputFormat }, packets: [['xml-in', orders]] })).packets['data-out'];
    expect(await select('//order[@id="2"]')).toEqual([{ id: '2', customer: 'Bob & Co', total: '80' }]);
    expect(await select('//order[@id="2"]', 'json')).toEqual([{ order: { '@_id': '2', customer: 'Bob & Co', total: '80' } }]);
    expect(await select('//order/@id')).toEqual([['1', '2']]);
    expect(await select('//customer/text()', 'array')).toEqual([['Ada', 'Bob & Co']]);
    expect(await select('count(//order)')).toEqual([2]);
    expect(await select('sum(//total)', 'array')).toEqual([[200.5]]);
    expect(await select('//missing')).toEqual([null]);
    expect(await select('//missing', 'array')).toEqual([[]]);
  });

  it('resolves prefixes from namespaces given as prefix=uri lines or as JSON', async () => {
    const lines = await runNode(xmlParser, {
      config: { xpath: '//f:entry[x:rank="2"]/f:title/text()', namespaces: 'f=urn:feed\n# extras\nx=urn:extra' },
      packets: [['xml-in', namespaced]],
    });
    expect(lines.packets['data-out']).toEqual(['B']);
    const json = await runNode(xmlParser, {
      config: { xpath: 'count(//f:entry)', namespaces: '{"f": "urn:feed"}' },
      packets: [['xml-in', namespaced]],
    });
    expect(json.packets['data-out']).toEqual([2]);
    await expect(runNode(xmlParser, { config: { namespaces: 'not a mapping' }, packets: [['xml-in', orders]] })).rejects.toThrow(
      "config 'namespaces': line 1 is not prefix=uri",
    );
  });

  it('lets an xpath-in packet override the xpath key and keeps it for later documents', async () => {
    const run = await runNode(xmlParser, {
      config: { xpath: '//note/text()' },
      packets: [
        ['xpath-in', { xpath: 'count(//f:entry)', namespaces: { f: 'urn:feed' } }],
        ['xml-in', namespaced],
        ['xml-in', '<feed xmlns="urn:feed"><entry/></feed>'],
      ],
    });
    expect(run.packets['data-out']).toEqual([2, 1]);
  });

  it('sends malformed XML and invalid XPath to errors-out', async () => {
    const malformed = await runNode(xmlParser, { packets: [['xml-in', '<a><b></a>']] });
    expect(malformed.packets['data-out']).toBeUndefined();
    expect(malformed.packets['errors-out']).toEqual([{ message: expect.stringMatching(/^Malformed XML at line 1, column \d+: /), line: 1, column: expect.any(Number) }]);
    const xpath = await runNode(xmlParser, { config: { xpath: '//[' }, packets: [['xml-in', orders]] });
    expect(xpath.packets['errors-out']).toEqual([{ message: expect.stringContaining("Invalid XPath '//['") }]);
  });

  it('refuses an entity expansion bomb (billion laughs) and external entities', async () => {
    const bomb = `<?xml version="1.0"?>
<!DOCTYPE lolz [
  <!ENTITY lol "lol">
  <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
  <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
  <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
]>
<lolz>&lol3;</lolz>`;
    const run = await runNode(xmlParser, { packets: [['xml-in', bomb]] });
    expect(run.packets['data-out']).toBeUndefined();
    expect(run.packets['errors-out']).toEqual([{ message: 'XML declaring entities (<!ENTITY) is refused: entity expansion is disabled' }]);
    const external = await runNode(xmlParser, { packets: [['xml-in', '<!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>']] });
    expect(external.packets['errors-out']).toHaveLength(1);
  });

  it('fails the node when a problem has no errors-out connection to go to', async () => {
    const run = await runNode(xmlParser, { packets: [['xml-in', '<a>']], collect: ['data-out'] });
    expect(run.result.success).toBe(false);
    expect(run.result.errors[0].message).toContain('Malformed XML');
  });
});
