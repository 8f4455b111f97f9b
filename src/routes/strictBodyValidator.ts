import { FormatRegistry, type TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { ValueErrorType, type ValueError } from '@sinclair/typebox/errors';
import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import { isEmailAddress } from '../access/email.js';

if (!FormatRegistry.Has('email')) FormatRegistry.Set('email', isEmailAddress);

/**
 * Validates a JSON body exactly as sent. The app's validator coerces types, which suits query
 * strings (everything arrives as text) but would accept `{"email": 5}` as the string "5".
 * Issues come out in Ajv's shape, so the app's schema error formatter words them alike.
 */
export const strictBodyValidator: FastifySchemaCompiler<unknown> = ({ schema }) => {
  const check = TypeCompiler.Compile(schema as TSchema);
  return (value: unknown) => {
    if (check.Check(value)) return { value };
    const first = check.Errors(value).First();
    return { error: first ? [asAjvIssue(first)] : [] };
  };
};

function asAjvIssue(error: ValueError): FastifySchemaValidationError {
  const schemaPath = error.path;
  if (error.type === ValueErrorType.ObjectRequiredProperty) {
    return { instancePath: '', schemaPath, keyword: 'required', params: { missingProperty: error.path.slice(1) }, message: error.message };
  }
  return { instancePath: error.path, schemaPath, keyword: error.path === '' ? 'type' : 'invalid', params: {}, message: error.message };
}
