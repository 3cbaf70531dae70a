import {
  AUTH_TOKEN_MAX,
  IDENTITY_VALUE_MAX,
  identityValueProblem,
  isRequestCredentials,
  type RequestIdentity,
} from '../rules/request-identity.ts';
import type { EngineCommand } from './protocol.ts';

/** The commands that say who is watching. */
export type IdentityCommand = Extract<
  EngineCommand,
  {
    cmd: 'setAuthToken' | 'setClientId' | 'setDeviceId' | 'setPlayerType' | 'setPlatformName' | 'setRequestCredentials';
  }
>;

/** The commands that take the engine from identity `sent` to `next` (none where they agree). */
export function identityCommands(next: RequestIdentity, sent: RequestIdentity): IdentityCommand[] {
  const commands: IdentityCommand[] = [];
  const text = (value: string | null) => value ?? '';
  if (next.authToken !== sent.authToken) commands.push({ cmd: 'setAuthToken', token: text(next.authToken) });
  if (next.clientId !== sent.clientId) commands.push({ cmd: 'setClientId', clientId: text(next.clientId) });
  if (next.deviceId !== sent.deviceId) commands.push({ cmd: 'setDeviceId', deviceId: text(next.deviceId) });
  if (next.playerType !== sent.playerType) commands.push({ cmd: 'setPlayerType', playerType: text(next.playerType) });
  if (next.platformName !== sent.platformName) commands.push({ cmd: 'setPlatformName', name: text(next.platformName) });
  if (next.credentials !== sent.credentials)
    commands.push({ cmd: 'setRequestCredentials', credentials: next.credentials });
  return commands;
}

/** Each identity command: the identity field it sets, the command's field that carries it, and its cap. */
const FIELDS: Record<IdentityCommand['cmd'], [keyof RequestIdentity, string, number]> = {
  setAuthToken: ['authToken', 'token', AUTH_TOKEN_MAX],
  setClientId: ['clientId', 'clientId', IDENTITY_VALUE_MAX],
  setDeviceId: ['deviceId', 'deviceId', IDENTITY_VALUE_MAX],
  setPlayerType: ['playerType', 'playerType', IDENTITY_VALUE_MAX],
  setPlatformName: ['platformName', 'name', IDENTITY_VALUE_MAX],
  setRequestCredentials: ['credentials', 'credentials', 0],
};

/**
 * SPEC §7's identity commands applied to the identity the engine's requests carry: the new
 * identity, a problem (answered as `commandError`, the identity unchanged), or null for a
 * command that is not one of them. An empty string clears a value.
 */
export function identityCommand(
  identity: RequestIdentity,
  command: EngineCommand | IdentityCommand,
): { identity: RequestIdentity } | { problem: string } | null {
  const entry = FIELDS[command.cmd as IdentityCommand['cmd']];
  if (!entry) return null;
  const [field, carrier, max] = entry;
  const value = (command as unknown as Record<string, unknown>)[carrier];
  if (field === 'credentials') {
    return isRequestCredentials(value)
      ? { identity: { ...identity, credentials: value } }
      : { problem: 'credentials must be omit, same-origin or include' };
  }
  const problem = identityValueProblem(value, max);
  return problem ? { problem } : { identity: { ...identity, [field]: (value as string) || null } };
}
