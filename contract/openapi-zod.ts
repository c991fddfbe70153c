import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';

// Every schema of the contract may carry OpenAPI metadata (`.openapi(...)`); this must run before any of them is built.
extendZodWithOpenApi(z);

export { z };
