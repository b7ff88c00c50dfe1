import { loadConfig, prepareDataDir } from '../config.js';
import { openDatabase } from './client.js';

const config = loadConfig();
prepareDataDir(config);
const database = await openDatabase(config);
await database.migrate();
console.log(`Migrations applied (${database.description}).`);
await database.close();
