/**
 * /api routes still registered with plain fastify calls while their features move to endpoint contracts (issue 20).
 * The contract test fails on an entry that no longer exists, so the list stays exact; `lint:api` leaves their
 * operations out of the error count (they have no summary or 4xx answers yet). Empty it as the features convert.
 */
export const notYetConverted: readonly string[] = [];
