import { graphqlOperations, pickOperationName } from './graphql-operations';

describe('the operations of a GraphQL document', () => {
  it('finds an anonymous query written as a bare selection set', () => {
    expect(graphqlOperations('{ user(id: 1) { name } }')).toEqual([{ type: 'query' }]);
  });

  it('finds named and anonymous operations with variables and directives, skipping fragments', () => {
    const document = `
      query GetUser($id: ID!, $kind: Kind = query) @cached { user(id: $id) { ...Fields } }
      fragment Fields on User { name mutation }
      mutation { rename(name: "x { y") { ok } }
      subscription OnChange { changed }
    `;
    expect(graphqlOperations(document)).toEqual([{ type: 'query', name: 'GetUser' }, { type: 'mutation' }, { type: 'subscription', name: 'OnChange' }]);
  });

  it('ignores braces and keywords inside comments and strings', () => {
    const document = '# mutation Fake { x }\nquery Real { search(text: """ { mutation } """) { id } }';
    expect(graphqlOperations(document)).toEqual([{ type: 'query', name: 'Real' }]);
  });
});

describe('picking the operation name to send', () => {
  it('sends no name for a document with a single operation of the configured type', () => {
    expect(pickOperationName('query One { a }', 'query')).toBeUndefined();
  });

  it('names the first operation of the configured type when the document has several', () => {
    const document = 'query ListUsers { users { id } } mutation AddUser { add { id } } mutation DropUser { drop }';
    expect(pickOperationName(document, 'mutation')).toBe('AddUser');
    expect(pickOperationName(document, 'query')).toBe('ListUsers');
  });

  it('refuses a document with no operation of the configured type', () => {
    expect(() => pickOperationName('mutation { add }', 'query')).toThrow('the query document defines no query operation (it defines: mutation)');
  });

  it('refuses an anonymous operation among several, which the server could not select', () => {
    expect(() => pickOperationName('{ a } mutation M { b }', 'query')).toThrow('needs a name');
  });
});
