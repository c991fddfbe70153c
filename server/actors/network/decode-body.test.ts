import { decodeBody } from './decode-body';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('decoding a response body', () => {
  it('parses a JSON media type, +json suffixes and parameters included', () => {
    expect(decodeBody(bytes('{"a":[1,2]}'), 'application/json')).toEqual({ a: [1, 2] });
    expect(decodeBody(bytes('{"errors":[]}'), 'application/graphql-response+json; charset=utf-8')).toEqual({ errors: [] });
    expect(decodeBody(bytes('42'), 'Application/JSON')).toBe(42);
  });

  it('keeps a JSON-typed body that does not parse as text', () => {
    expect(decodeBody(bytes('not json'), 'application/json')).toBe('not json');
  });

  it('returns text for text types and for a body without Content-Type', () => {
    expect(decodeBody(bytes('<a/>'), 'application/xml')).toBe('<a/>');
    expect(decodeBody(bytes('plain'), 'text/plain; charset=utf-8')).toBe('plain');
    expect(decodeBody(bytes('{"a":1}'), null)).toBe('{"a":1}');
  });

  it('honours the charset of a text type', () => {
    expect(decodeBody(new Uint8Array([0x63, 0x61, 0x66, 0xe9]), 'text/plain; charset=iso-8859-1')).toBe('café');
  });

  it('encodes a binary body as base64', () => {
    expect(decodeBody(new Uint8Array([0, 1, 2, 255]), 'application/octet-stream')).toBe('AAEC/w==');
  });

  it('returns null for an empty body whatever its type', () => {
    expect(decodeBody(new Uint8Array(0), 'application/json')).toBeNull();
    expect(decodeBody(new Uint8Array(0), 'text/plain')).toBeNull();
  });
});
