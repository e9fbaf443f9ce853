import { startServer } from '../e2e/support/server';
import { useBuiltServer } from './support';
await useBuiltServer();
const server = await startServer({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/jizu_probe' });
console.log('up', server.url);
await server.stop();
