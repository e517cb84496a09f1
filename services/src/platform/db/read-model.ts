// A collection's model as other contexts see it: reads only. The context that owns a collection
// alone writes it (its index exports functions for the writes others need); what it hands out for
// reading has no write method, so `Model.updateOne(...)` elsewhere does not compile. A query it returns
// still has its own (`find(...).updateMany(...)`), and so does a hydrated document (`save`): the lint
// (eslint.config.mjs, COLLECTION_OWNERS) refuses the first; the second is left to review.
import type { Model } from 'mongoose';

export type ReadModel<M> = Pick<
  M,
  Extract<
    keyof M,
    | 'find'
    | 'findOne'
    | 'findById'
    | 'countDocuments'
    | 'estimatedDocumentCount'
    | 'aggregate'
    | 'exists'
    | 'distinct'
    | 'modelName'
  >
>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any model of any document shape
export const readOnly = <M extends Model<any>>(model: M): ReadModel<M> => model;
