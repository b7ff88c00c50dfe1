export { orderLinesLessReturned, returnUnitsByLine } from './return-units.js';
export { customerReturnView, loadOrderReturns, loadReturnViews } from './return-views.js';
