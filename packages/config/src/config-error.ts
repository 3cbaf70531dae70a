import type { z } from './zod.ts';

/** One rejected setting: the env-style key a deployment has to fix, and why. */
export interface ConfigIssue {
  readonly key: string;
  readonly message: string;
}

export type ConfigErrorCode = 'invalid_env' | 'malformed_json' | 'not_an_object' | 'server_only_key_exposed';

/**
 * Thrown by the loaders (start-up cannot go on without a configuration), but carries its
 * issues as data so a caller that catches it can render or report them without parsing text.
 */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  readonly code: ConfigErrorCode;
  readonly issues: readonly ConfigIssue[];

  constructor(code: ConfigErrorCode, message: string, issues: readonly ConfigIssue[] = []) {
    super(message);
    this.code = code;
    this.issues = issues;
  }
}

/** SPEC §8: the message starts with 'Invalid environment variables' and names every offending key. */
export function invalidEnvError(issues: readonly ConfigIssue[]): ConfigError {
  const list = issues.map((issue) => `${issue.key} (${issue.message})`).join(', ');
  return new ConfigError('invalid_env', `Invalid environment variables: ${list}`, issues);
}

export function issuesFromZod(error: z.core.$ZodError): ConfigIssue[] {
  return error.issues.map((issue) => ({
    key: issue.path.length > 0 ? issue.path.map(String).join('.') : '(root)',
    message: issue.message,
  }));
}
