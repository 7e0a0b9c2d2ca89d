/// Where an element's index goes in the key and path of a group's field (`items.3.sku`, `/items/3/sku`):
/// the fixed text around it (as a JSON string holds it), and how much of a failure rendered with the template key (`items.*.sku`)
/// comes before its validator, to be written instead with the concrete key.
///
/// In a nested group (`orders.*.lines.*.sku`) the enclosing elements' indices come first: `outerCount`
/// more entries of `PlanTables.elementKeys` from `outerStart`, each holding in `keyBefore` and `pathBefore`
/// the text before one of them (`orders.`, `/orders/`); `keyBefore` and `pathBefore` then hold the text
/// between the last enclosing index and the element's (`.lines.`, `/lines/`).
struct ElementKey {
  var keyBefore = PoolSpan(start: 0, count: 0)
  var keyAfter = PoolSpan(start: 0, count: 0)
  var pathBefore = PoolSpan(start: 0, count: 0)
  var pathAfter = PoolSpan(start: 0, count: 0)
  /// The bytes of `{"key":"items.*.sku","path":"/items/*/sku",` that start each of the field's failures.
  var head: Int32 = 0
  var outerStart: Int32 = 0
  var outerCount: Int32 = 0
  /// The bytes of the key's and path's fixed text, all pieces together.
  var textBytes: Int32 = 0
  /// Whether the pieces are escaped, as a JSON string holds them (a key with `"`, `\` or a control
  /// character): the library's key is then not their bytes.
  var isEscaped = false
}

/// A failure the kernel found in a record of a form with groups: its rendered fragment, the element
/// it is at (-1 for none) and what orders it among the record's failures.
struct ElementFailure {
  var fragment: PoolSpan
  /// The entry in `PlanTables.elementKeys` of the key the fragment has, used when `index` is an element's:
  /// the field's number, for an element that is not an object its group's `elementKey`, for a nested
  /// group's count or array its `groupKey` (`index` then the enclosing element's).
  var field: Int32
  var index: Int32
  /// Where the indices of the elements enclosing `index`'s are in `RecordEngine.outerIndices` (for a key
  /// with `outerCount` of them).
  var outer: Int32 = 0
  /// The field number that orders it, then the order it was found in.
  var order: Int32
  var sequence: Int32
}

/// A view of a group's field hidden at an element (`index` -1 outside groups), and where the indices of
/// the elements enclosing it are (`ElementFailure.outer`).
struct HiddenView {
  var field: Int32
  var index: Int32
  var outer: Int32 = 0
}

/// A record member that names an element of a repeated group by a flat key (`items.0.sku`, `items.2`,
/// `tags.*`), as `GroupInput.read` reads one: the element's index, the key inside the element (empty for
/// the element itself) and the value, by where their bytes are in the line.
struct FlatMember {
  var group: Int32
  /// The element, as `GroupInput.index` reads it: `*` is 0, a decimal without a leading zero its number.
  var index: Int
  /// The key inside the element: after the index and the dots that follow it.
  var key: Int
  var keyLength: Int
  var value = 0
  var valueLength = 0

  /// The member named `name` (`length` bytes of the line at `base`) of group `group`, whose key (`prefix`
  /// bytes) and a dot it starts with; nil when the segment after them names no index (`GroupInput.index`):
  /// such a member is not read.
  init?(group: Int32, prefix: Int, key name: UnsafePointer<UInt8>, _ length: Int, base: UnsafePointer<UInt8>) {
    var at = prefix + 1
    let indexStart = at
    while at < length && name[at] != UInt8(ascii: ".") { at += 1 }
    // The index rule is `GroupInput.index`'s; a flat key is rare, so its segment is made a string.
    let text = String(decoding: UnsafeBufferPointer(start: name + indexStart, count: at - indexStart), as: UTF8.self)
    guard let index = GroupInput.index(text[...]) else { return nil }
    self.index = index
    while at < length && name[at] == UInt8(ascii: ".") { at += 1 }
    self.group = group
    key = name - base + at
    keyLength = length - at
  }
}
