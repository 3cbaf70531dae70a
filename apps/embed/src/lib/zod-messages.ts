import { config } from 'zod/mini';

type Issue = Parameters<NonNullable<NonNullable<Parameters<typeof config>[0]>['localeError']>>[0];

/**
 * How a schema issue reads in the embed (a console line or a monitoring event for whoever
 * deployed or operates it; never shown to a visitor): what was expected, in a few words.
 * Smaller than zod's English locale, which costs the first frame a kilobyte for sentences
 * nobody reads.
 */
export function zodIssueMessage(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${issue.expected}, received ${issue.input === null ? 'null' : typeof issue.input}`;
    case 'invalid_value':
      return `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'invalid_format':
      return `invalid ${issue.format}`;
    case 'too_small':
    case 'too_big':
      return `${issue.code === 'too_small' ? 'below' : 'above'} the ${issue.origin} limit ${String(
        issue.code === 'too_small' ? issue.minimum : issue.maximum,
      )}`;
    default:
      return `invalid input (${issue.code})`;
  }
}

export function configureZodMessages(): void {
  config({ localeError: zodIssueMessage });
}
