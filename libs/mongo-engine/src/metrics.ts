// Work counters, reported by serverStatus under MongoDB's own names (metrics.queryExecutor.scanned: index keys
// examined; scannedObjects: documents examined; metrics.document.returned). Tests read their deltas to check
// that an indexed read answered from its index; the same test reads the same counters on a real MongoDB.
export const metrics = {
  /** index keys examined */
  scanned: 0,
  /** documents examined: read from their bytes to test a filter, sort them or return them */
  scannedObjects: 0,
  /** documents returned by find and aggregate cursors */
  returned: 0,
};
