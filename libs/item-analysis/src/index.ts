/**
 * @skillquiz/item-analysis: what the answers say about the questions. Item statistics with review
 * flags, online 2PL calibration on the operational items' scale, and a bank simulator that runs the
 * real adaptive engine. Pure: no I/O; the services feed it served records. See README.md.
 */
export * from './responses';
export * from './statistics';
export * from './calibration';
export * from './simulator';
export * from './trust';
export * from './integrity';
