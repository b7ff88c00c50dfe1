import { loadConfig } from '../config.js';
import { openDatabase } from './client.js';

const config = loadConfig();
const database = await openDatabase(config);
await database.migrate();
console.log(`Migrations applied (${database.kind}).`);
await database.close();
