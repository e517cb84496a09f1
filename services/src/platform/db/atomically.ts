// All-or-nothing writes across documents: a transaction when the server has them (a MongoDB replica
// set or sharded cluster), else the caller's compensation (the embedded engine and a standalone
// mongod have no transactions). Inside `work`, every mongoose operation joins the transaction by
// itself (mongoose's transactionAsyncLocalStorage), so the same code runs both ways. Writes made
// around mongoose (the job queue's driver calls) are not part of it: their jobs find nothing to do
// when the transaction is rolled back.
import mongoose from 'mongoose';

const support = new WeakMap<mongoose.Connection, Promise<boolean>>();

/** Whether the connected server runs transactions: a replica set member or a mongos. */
export function supportsTransactions(connection = mongoose.connection): Promise<boolean> {
  let known = support.get(connection);
  if (!known) {
    known = connection
      .db!.admin()
      .command({ hello: 1 })
      .then(
        (hello) => typeof hello.setName === 'string' || hello.msg === 'isdbgrid',
        () => false,
      );
    support.set(connection, known);
  }
  return known;
}

/**
 * Runs `work` in a transaction when the server supports one (it may run again on a transient
 * error, so it must start from scratch each time); otherwise runs it once and, if it throws, calls
 * `compensate` to undo what it wrote, then rethrows.
 */
export async function atomically<T>(work: () => Promise<T>, compensate: () => Promise<void>): Promise<T> {
  if (await supportsTransactions()) {
    mongoose.set('transactionAsyncLocalStorage', true);
    return mongoose.connection.transaction(() => work());
  }
  try {
    return await work();
  } catch (err) {
    await compensate();
    throw err;
  }
}
