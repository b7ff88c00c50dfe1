import { loadConfig } from '../../config.js';
import { openDatabase } from '../client.js';
import { seedDemoData } from './index.js';

const config = loadConfig();
const database = await openDatabase(config);
await database.migrate();
const loaded = await seedDemoData(database.db, console.log, { uploadDir: config.uploadDir });
if (!loaded) console.log('The database is not empty: demo data was not loaded.');
await database.close();
