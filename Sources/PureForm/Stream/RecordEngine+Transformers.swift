/// Value transformers on the kernel: a field with one gets its member's value (or `<value>`) transformed, then coerced.
extension RecordEngine {
  /// Gives each field of `group` (-1: the record's own fields) with a value transformer the value
  /// `ValidationPlan.state(of:input:)` gives it.
  ///
  /// Its member's value (its `<value>` when there is none) as a `FormValue`, transformed, then coerced by
  /// `FieldState(coercing:to:)`, the model's own coercion (a number it gives is JSON number text, as
  /// `ExactDecimal` read it, so the kernel reads it as the same number).
  ///
  /// The values' text is copied into the engine's transform room of the record's own fields, which holds it
  /// until the next record, or of the group's element, until its next element (a nested group's elements
  /// are read while the enclosing element's values are still written).
  @inline(never)
  func transform(_ line: UnsafePointer<UInt8>, group: Int32 = -1) {
    var entries: [Int] = []
    var states: [FieldState] = []
    var room = 0
    for field in plan.transformed where tables.fields[field].groupNumber == Int(group) {
      let slot = group < 0 ? slot(of: field) : elementSlot(of: field, tables.groups + Int(group))
      let planned = tables.fields + field
      guard let transformer = planned.pointee.transformer else { continue }
      let given = Self.formValue(slot.pointee, line) ?? planned.pointee.initialValue
      let state = FieldState(coercing: given.map(transformer), to: planned.pointee.type)
      if case .present(let value, _) = state { room += value.text.utf8.count }
      entries.append(field)
      states.append(state)
    }
    guard !entries.isEmpty else { return }
    var at = transformRoom(Int(group) + 1, holding: room)
    for (field, state) in zip(entries, states) {
      var text = state.value?.text ?? ""
      let count = text.withUTF8 { utf8 in
        if let source = utf8.baseAddress { at.update(from: source, count: utf8.count) }
        return utf8.count
      }
      values[field] = RecordKernel.value(of: state, text: at, count: count, tables)
      at += count
    }
  }

  /// The member value in `slot` as `JSONReader` reads it (`FormValue(JSONNode)`); nil when the
  /// record has no such member.
  static func formValue(_ slot: ValueSlot, _ line: UnsafePointer<UInt8>) -> FormValue? {
    let bytes = UnsafeBufferPointer(start: line + slot.start, count: slot.end - slot.start)
    switch slot.kind {
    case .absent: return nil
    case .null: return .null
    case .trueLiteral: return .bool(true)
    case .falseLiteral: return .bool(false)
    case .number: return .number(String(decoding: bytes, as: UTF8.self))
    case .asciiString, .string: return .string(String(decoding: bytes, as: UTF8.self))
    case .escapedString:
      let decoded = [UInt8](unsafeUninitializedCapacity: max(bytes.count, 1)) { buffer, count in
        count = JSONStringBody.decode(bytes, into: buffer.baseAddress.unsafelyUnwrapped)
      }
      return .string(String(decoding: decoded, as: UTF8.self))
    case .container:
      // The scanner checked the value's syntax; the reader builds it as it builds the whole record.
      let (root, _) = JSONReader.read(SourceFile(name: "<record>", bytes: Array(bytes)))
      return root.map { FormValue($0) } ?? .null
    }
  }
}
