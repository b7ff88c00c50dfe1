export { ImportImages } from './import-images.js';
export { productImportJob } from './import-jobs.js';
export { importExportRoutes } from './imports.routes.js';
