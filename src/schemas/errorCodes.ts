import { Type } from '@sinclair/typebox';
import { ERROR_CODE_NAMES, type ErrorCode } from '../errorCodes.js';

// The vocabulary lives at the bottom (access/ and catalog/ use it too); the schemas give it its wire form.
export { ERROR_CODE_NAMES, ERROR_CODES, type ErrorCode, type Refusal } from '../errorCodes.js';

/** The code an error body carries, as the OpenAPI document and the TypeScript types show it: one enum. */
export const ErrorCodeSchema = Type.Unsafe<ErrorCode>(Type.String({
  enum: ERROR_CODE_NAMES,
  description: 'What went wrong, for programs to branch on: one of the documented codes (docs/reference.md, "Error ' +
    'codes"). The sentence in error is for people and may be reworded; the code is not.',
  examples: ['not_found'],
}));
