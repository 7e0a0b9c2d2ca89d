/// A run of bytes in a record plan's pool of texts (`PlanTables.pool`): a failure rendered, a key, a value.
struct PoolSpan {
  var start: Int32
  var count: Int32
}
