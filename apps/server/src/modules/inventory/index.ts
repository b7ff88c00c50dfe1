export { inventoryRoutes } from './inventory.routes.js';
export { InventoryService } from './inventory.service.js';
export {
  assertVariantCodesFree,
  changeStock,
  createVariant,
  firstLocationSql,
  lockStockRows,
  type NewVariant,
  reservationSql,
} from './stock.service.js';
export { type ChangedStock, stockEvents } from './stock-events.js';
export {
  type ActiveLocation,
  activeLocation,
  emptyLevels,
  emptyLevelsAt,
  firstLevels,
  heldOfflineSql,
  holdActiveLocation,
  holdActiveLocations,
  locationNotFound,
} from './stock-locations.js';
