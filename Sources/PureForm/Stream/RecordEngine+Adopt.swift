/// A record read by another engine, taken over: `pureform diff --records` reads each line once, with NEW's
/// engine, and OLD's engine takes the member values it needs from NEW's slots instead of scanning again.
extension RecordEngine {
  /// Takes the record `other` has just read (`read`, in a form without repeated groups) from `line` (`count` bytes):
  /// each field's member value is `other`'s field `sources[field]`'s, then coerced to this form's type (and
  /// transformed).
  func adoptFlat(
    from other: RecordEngine, sources: UnsafePointer<Int32>, _ line: UnsafePointer<UInt8>, _ count: Int
  ) {
    if 2 * count > arenaCapacity { reserveArena(2 * count) }
    let tables = self.tables
    dottedInUse = other.dottedInUse
    var decoded = arena
    for field in 0..<tables.fieldCount {
      let source = Int(sources[field])
      nested[field] = other.nested[source]
      if dottedInUse { dotted[field] = other.dotted[source] }
      RecordKernel.coerce(
        slot(of: field), tables.fields + field, line: line, decoded: &decoded, tables, into: values + field)
    }
    if tables.hasTransformers { transform(line) }
  }
}
