import type { Static, TSchema } from '@sinclair/typebox'
import { TypeCompiler } from '@sinclair/typebox/compiler'

export interface Validator<T extends TSchema> {
  readonly schema: T
  check(value: unknown): value is Static<T>
  /** The first problem as `path: message`, or undefined when the value is valid. */
  firstError(value: unknown): string | undefined
}

const cache = new WeakMap<TSchema, Validator<TSchema>>()

/** Compiles a schema once (memoised); the same schemas validate on the server and in the client's codecs. */
export function compile<T extends TSchema>(schema: T): Validator<T> {
  const known = cache.get(schema)
  if (known) return known as Validator<T>
  const compiled = TypeCompiler.Compile(schema)
  const validator: Validator<T> = {
    schema,
    check: (value): value is Static<T> => compiled.Check(value),
    firstError(value) {
      const error = compiled.Errors(value).First()
      if (!error) return undefined
      return `${error.path || '/'}: ${error.message}`
    },
  }
  cache.set(schema, validator as Validator<TSchema>)
  return validator
}
