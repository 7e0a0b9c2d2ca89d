/// The one place a record the kernel hands back (`handsBackFlatKeys`: flat keys its scanner does not read) is
/// read again, with each group as one array (`ValidationPlan.arrayedRecord`): every caller of the kernel
/// (NDJSON, the library, an edit, `diff --records`) runs its record through `retryingArrayed`.
extension RecordEngine {
  /// `attempt` on the record in `line`, then, when the kernel handed it back, once more on the record with
  /// each group as one array; nil when `attempt` gives nil both times, or the first time for another reason.
  ///
  /// `attempt` is given the record's bytes and where an `id` member's value the kernel found in them is in
  /// `line` (for the record as sent, the same range; for the arrayed one, where `idKey`'s value is in
  /// `line`, as the arrayed record moves its members).
  @inline(__always)
  func retryingArrayed<Value>(
    _ line: UnsafeRawBufferPointer, idKey: String? = nil,
    _ attempt: (_ record: UnsafeRawBufferPointer, _ idInLine: (Range<Int>?) -> Range<Int>?) -> Value?
  ) -> Value? {
    handsBackFlatKeys = false
    if let value = attempt(line, { $0 }) { return value }
    guard handsBackFlatKeys else { return nil }
    defer { handsBackFlatKeys = false }
    guard let arrayed = plan.validation.arrayedRecord(Array(line), idKey: idKey) else { return nil }
    return arrayed.bytes.withUnsafeBytes { attempt($0, { _ in arrayed.id }) }
  }

  /// `attempt` on a pair of records (an edit's stored one and its new one) read by `engines`, then, when one
  /// of them handed a record back, once more on both records with each group as one array (each keeps what
  /// its record holds); nil when `attempt` gives nil both times, or the first time for another reason.
  static func retryingArrayed<Value>(
    _ old: UnsafeRawBufferPointer, _ new: UnsafeRawBufferPointer, by engines: [RecordEngine],
    _ attempt: (_ old: UnsafeRawBufferPointer, _ new: UnsafeRawBufferPointer) -> Value?
  ) -> Value? {
    for engine in engines { engine.handsBackFlatKeys = false }
    defer { for engine in engines { engine.handsBackFlatKeys = false } }
    if let value = attempt(old, new) { return value }
    guard let validation = engines.first(where: \.handsBackFlatKeys)?.plan.validation,
      let oldArrayed = validation.arrayedRecord(Array(old), idKey: nil)?.bytes,
      let newArrayed = validation.arrayedRecord(Array(new), idKey: nil)?.bytes
    else { return nil }
    return oldArrayed.withUnsafeBytes { old in newArrayed.withUnsafeBytes { new in attempt(old, new) } }
  }
}
