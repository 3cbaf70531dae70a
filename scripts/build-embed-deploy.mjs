// `npm run build:embed`: the embed as a folder a web server of one's own serves, with the nginx
// server block that gives it the headers the platform would (apps/platform/src/deploy/).
//   npm run build:embed [-- --config deploy/onair.env] [--out build/embed] [--no-build]
// It builds the embed and the host SDK first where their sources changed (--no-build: use the
// builds as they are). docs/deploy.md says how to serve it.
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { buildEmbed } from './build-embed.mjs';
import { buildSdk, SDK_FILE } from './build-sdk.mjs';
import { root } from './lib.mjs';
import { DeployConfigError, readDeployConfig } from '../apps/platform/src/deploy/deploy-config.ts';
import { writeDeployFolder } from '../apps/platform/src/deploy/deploy-folder.ts';

const { values } = parseArgs({
  options: {
    config: { type: 'string', default: path.join(root, 'deploy/onair.env') },
    out: { type: 'string', default: path.join(root, 'build/embed') },
    'no-build': { type: 'boolean', default: false },
  },
});

let config;
try {
  config = readDeployConfig(readFileSync(values.config, 'utf8'));
} catch (error) {
  console.error(error instanceof DeployConfigError ? `${values.config}: ${error.message}` : String(error));
  process.exit(1);
}

if (!values['no-build']) {
  const built = (await buildEmbed()) || (await buildSdk());
  if (built !== 0) process.exit(built);
}

const { site, serverBlock } = writeDeployFolder({
  embedDist: path.join(root, 'apps/embed/dist'),
  sdkFile: SDK_FILE,
  config,
  out: values.out,
});
console.log(`The embed for ${config.origin}: ${site}`);
console.log(`Its nginx server block: ${serverBlock}`);
