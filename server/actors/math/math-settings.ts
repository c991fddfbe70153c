import { z } from 'zod';
import { numberSetting } from '../shared';

/** The `precision` setting of a math actor: decimal places from 0 to 20, with the template's default. */
export function precisionSetting(defaultValue: number) {
  return numberSetting('Decimal places the result is rounded to (0 to 20)', z.number().int().min(0).max(20).default(defaultValue));
}

/** The ports of a math actor that takes two operands: it fires once both hold a packet. */
export const operandPorts = {
  'a-in': { required: true, type: 'number', description: 'The first operand (a number or numeric text).' },
  'b-in': { required: true, type: 'number', description: 'The second operand (a number or numeric text).' },
} as const;

/** The input port of a math actor that takes an array: each element a number or numeric text. */
export function numberArrayPort() {
  return { required: true, type: 'array', schema: z.array(z.union([z.number(), z.string()])), description: 'An array of numbers or numeric texts.' } as const;
}
