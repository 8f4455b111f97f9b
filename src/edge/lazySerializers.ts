import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

type SerializerFactory = ReturnType<typeof SerializerSelector>;

/**
 * Fastify's own response serializers (fast-json-stringify), each compiled by the first response
 * that needs it instead of all of them at start: compiling every route's every status took a
 * tenth of a second of a start that is to answer within one, and an instance never sends most of
 * them (catalog answers go out as JSON text already made; only error and key bodies are objects).
 * Only documented contracts: Fastify's `schemaController.compilersFactory.buildSerializer` (the
 * way @fastify/fast-json-stringify-compiler's README gives to provide it) around that package's
 * own selector, and a compiler that returns a serializing function, as any custom one does.
 */
export const lazySerializers: { buildSerializer: SerializerFactory } = {
  buildSerializer: (externalSchemas, options) => {
    const compile = SerializerSelector()(externalSchemas, options);
    return (route) => {
      let serialize: ((doc: unknown) => string) | undefined;
      return (doc) => (serialize ??= compile(route))(doc);
    };
  },
};
