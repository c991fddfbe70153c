import { z } from 'zod';

/** The kind of packet a port carries, named as FBP tools name datatypes (`bang`: any packet, as a signal; `all`: any value). */
export const PortDatatypeSchema = z.enum(['all', 'string', 'number', 'int', 'boolean', 'object', 'array', 'bang']);

/** One of {@link PortDatatypeSchema}'s datatypes. */
export type PortDatatype = z.infer<typeof PortDatatypeSchema>;
