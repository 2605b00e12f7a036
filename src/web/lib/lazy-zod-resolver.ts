import type { FieldValues, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';

/**
 * `zodResolver(schema)`, with the schema and zod itself loaded the first time the form checks its
 * values instead of with the page. zod is most of a form page's code: a page people land on
 * (sign in, register, contact) then shows without waiting for it, and it has long arrived by the
 * time someone presses the button. The schema is still the one the server checks against.
 */
export function lazyZodResolver<Input extends FieldValues, Output>(loadSchema: () => Promise<ZodType<Output, Input>>): Resolver<Input, unknown, Output> {
  let resolver: Promise<Resolver<Input, unknown, Output>> | undefined;
  return async (values, context, options) => {
    resolver ??= Promise.all([import('@hookform/resolvers/zod'), loadSchema()]).then(([{ zodResolver }, schema]) => zodResolver<Input, unknown, Output>(schema));
    return (await resolver)(values, context, options);
  };
}
