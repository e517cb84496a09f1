// Stands in for the `to-function` package in the browser bundle (webpack.config.js aliases it).
// storage-based-queue groups its tasks with `group-by`, which turns the key 'priority' into an
// accessor through to-function, and to-function compiles accessors from strings with
// `new Function`: the Content-Security-Policy allows no code from strings, so the log queue would
// stop. This gives the same accessors without compiling anything; any other use fails loudly.
'use strict';

const PROPERTY_PATH = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/;

/** `'a.b'` -> obj => obj.a.b, calling a property that is a function, as to-function does. */
function pathAccessor(path) {
  const keys = path.split('.');
  return function (obj) {
    let value = obj;
    for (const key of keys) {
      if (value == null) return undefined;
      value = typeof value[key] === 'function' ? value[key]() : value[key];
    }
    return value;
  };
}

module.exports = function toFunction(obj) {
  if (typeof obj === 'function') return obj;
  if (typeof obj === 'string' && PROPERTY_PATH.test(obj)) return pathAccessor(obj);
  throw new Error(`to-function (CSP-safe stand-in): unsupported argument ${String(obj)}`);
};
