export { inventoryRoutes } from './inventory.routes.js';
export { InventoryService } from './inventory.service.js';
export {
  assertVariantCodesFree,
  changeStock,
  createVariant,
  emptyLevels,
  firstLevels,
  firstLocationSql,
  lockStockRows,
  type NewVariant,
  reservationSql,
} from './stock.service.js';
export { type ChangedStock, stockEvents } from './stock-events.js';
export { activeStockLocation } from './stock-locations.js';
