import { z } from 'zod';

/**
 * Makes every zod issue carry a message key instead of English text, so the error handler can
 * translate it. Schemas that name their own `validation.*` key keep it.
 */
export function installValidationMessages(): void {
  z.config({
    customError: (issue) => {
      switch (issue.code) {
        case 'invalid_type':
          return issue.input === undefined || issue.input === null
            ? 'validation.required'
            : 'validation.invalid_type';
        case 'too_small':
          return issue.origin === 'string' ? 'validation.too_short' : 'validation.too_small';
        case 'too_big':
          return issue.origin === 'string' ? 'validation.too_long' : 'validation.too_big';
        case 'invalid_format':
          return issue.format === 'email' ? 'validation.invalid_email' : 'validation.invalid_format';
        case 'invalid_value':
          return 'validation.invalid_choice';
        default:
          return 'validation.invalid';
      }
    },
  });
}
