import { JsonText, type JsonValue, type RunResult, jsonTextAt, withJsonTexts } from '../engine';
import { resultJson, resultPieces } from './result-json';
import { limitOutputs } from './result-limit';

/** A JsonText that counts how often its value is parsed or read. */
class CountedText extends JsonText {
  reads = 0;
  override get value(): JsonValue {
    this.reads += 1;
    return super.value;
  }
}

function resultWith(outputs: RunResult['outputs']): RunResult {
  return {
    success: true,
    execution_id: 'e',
    workflow_id: 'w',
    start_time: 't0',
    end_time: 't1',
    duration_ms: 1,
    outputs,
    errors: [],
    nodes_executed: 1,
    nodes_failed: 0,
  };
}

describe('limitOutputs', () => {
  it('takes an output that came as JSON text by its text and known size, without parsing it', () => {
    const big = new CountedText('[ "é" ]', 9);
    const limited = limitOutputs(resultWith(withJsonTexts({ big, small: 1 })), 100);
    expect(resultPieces(limited)).toContain('[ "é" ]');
    expect(big.reads).toBe(0);
    expect(JSON.parse(resultJson(limited))).toEqual(resultWith({ big: ['é'], small: 1 }));
  });

  it('replaces an output over the limit by the size of its text, and keeps the others unparsed', () => {
    const big = new CountedText('"xx"', 40);
    const other = new CountedText('[1]', 3);
    const limited = limitOutputs(resultWith(withJsonTexts({ big, other })), 10);
    expect(jsonTextAt(limited.outputs, 'other')).toBe(other);
    expect([big.reads, other.reads]).toEqual([0, 0]);
    expect(limited.outputs.big).toBe('[output of 40 bytes left out: larger than max_result_bytes (10)]');
    expect(JSON.parse(resultJson(limited)).outputs).toEqual({ big: limited.outputs.big, other: [1] });
  });
});
