// One readable line from a failed parse, for the `message` of a 400 { success: false, message }.
import type { z } from 'zod';

export function validationMessage(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => {
      const path = issue.path.map(String).join('.');
      // Our custom messages for a field already start with its name.
      return path && !issue.message.startsWith(path) ? `${path}: ${issue.message}` : issue.message;
    })
    .join('; ');
}
