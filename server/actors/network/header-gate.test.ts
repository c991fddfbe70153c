import { HeaderGate, MAX_HELD_PACKETS } from './header-gate';

describe('pairing data-in with headers-in', () => {
  it('sends one request without data per firing when data-in is not fed', () => {
    const gate = new HeaderGate();
    expect(gate.take({}, { data: false, headers: false })).toEqual({ data: [undefined] });
    expect(gate.take({ headers: { a: '1' } }, { data: false, headers: true })).toEqual({ headers: { a: '1' }, data: [undefined] });
  });

  it('sends each data packet at once when headers-in is not fed', () => {
    const gate = new HeaderGate();
    expect(gate.take({ data: 1 }, { data: true, headers: false })).toEqual({ data: [1] });
    expect(gate.take({ data: 2 }, { data: true, headers: false })).toEqual({ data: [2] });
  });

  it('holds data that comes before the first headers and sends it, in order, with them', () => {
    const gate = new HeaderGate();
    const fed = { data: true, headers: true };
    expect(gate.take({ data: 1 }, fed)).toEqual({ data: [] });
    expect(gate.take({ data: 2 }, fed)).toEqual({ data: [] });
    expect(gate.take({ headers: { a: '1' } }, fed)).toEqual({ headers: { a: '1' }, data: [1, 2] });
    expect(gate.take({ data: 3, headers: { a: '1' } }, fed)).toEqual({ headers: { a: '1' }, data: [3] });
  });

  it('sends nothing for a headers packet alone once nothing is held', () => {
    expect(new HeaderGate().take({ headers: { a: '2' } }, { data: true, headers: true })).toEqual({ headers: { a: '2' }, data: [] });
  });

  it('refuses to hold more than its bound of packets', () => {
    const gate = new HeaderGate();
    for (let i = 0; i < MAX_HELD_PACKETS; i++) gate.take({ data: i }, { data: true, headers: true });
    expect(() => gate.take({ data: 'one more' }, { data: true, headers: true })).toThrow(`${MAX_HELD_PACKETS} data-in packets arrived before any headers-in packet`);
  });
});
