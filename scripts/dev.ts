// `npm run dev`: the API on API_PORT (3001) and Vite's dev server on 3000 proxying /api to it.
import { createServer } from 'vite';
import { loadConfig } from '../src/server/config';
import { prepareServer } from '../src/server/start';

const apiPort = Number(process.env.API_PORT ?? 3001);
const config = loadConfig({ ...process.env, PORT: String(apiPort), PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:3000' });
const server = await prepareServer(config, { extraTrustedOrigins: ['http://127.0.0.1:3000'] });
await server.app.listen({ port: apiPort, host: '127.0.0.1' });
const vite = await createServer({ configFile: 'vite.config.ts' });
await vite.listen();
vite.printUrls();
const stop = async () => {
  await vite.close();
  await server.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
