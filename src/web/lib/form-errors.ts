import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Puts the server's field messages (400 `error.fields`) under the matching inputs and answers
 * the message for a toast. `fieldNames` maps API field names to form field names where they differ.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  knownFields: readonly Path<T>[],
  fieldNames: Partial<Record<string, Path<T>>> = {},
): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  for (const [apiField, message] of Object.entries(error.fields)) {
    const formField = fieldNames[apiField] ?? (apiField as Path<T>);
    if (knownFields.includes(formField)) setError(formField, { message });
  }
  return error.message;
}
