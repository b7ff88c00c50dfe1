export { inventoryRoutes } from './inventory.routes.js';
export { InventoryService } from './inventory.service.js';
export { locationUnits, registerLocationStockFolding } from './location-totals.js';
export { reservationLockRows, reservationSql } from './reservation.js';
export {
  assertVariantCodesFree,
  changeStock,
  createVariant,
  firstLocationSql,
  lockStockRows,
  type NewVariant,
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
