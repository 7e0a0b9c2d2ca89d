/// One repeated group of a `RecordPlan`, for the kernel.
///
/// A group whose elements hold its fields (`items.*.sku`, `tags.*`, `cart.items.*.sku`) and the groups nested
/// in them (`orders.*.lines.*.sku`): what an element is read with, what its count is checked against, and
/// where its array's output goes. Its array is read into the value slot past the fields'
/// (`PlanTables.fieldCount` + its number): from the record, or for a nested group from the enclosing element.
struct PlanGroup {
  /// The array's key from the record (`items`, `cart.items`) or from the enclosing element (`lines`), in the
  /// pool: what its flat keys start with (`cart.items.0.sku`).
  var name: PoolSpan
  /// The group's fields in `PlanTables.groupFields`, in spec order, then the groups nested directly in its
  /// elements (`childCount` of them, from `fieldStart + fieldCount`).
  var fieldStart: Int32
  var fieldCount: Int32
  var childCount: Int32 = 0
  /// The group whose elements hold this one; -1 for a group at the record's root.
  var parent: Int32 = -1
  /// The entry in `PlanTables.elementKeys` of the group's own key (`orders.*.lines`), where its enclosing
  /// element's index goes in the failures of its count and array; -1 for a group at the root.
  var groupKey: Int32 = -1
  /// For a group of scalars, the field that is the element; -1 for a group of objects.
  var scalarField: Int32
  /// The router node an element object's members are routed from.
  var elementRoot: Int32
  /// `<items>` min and max, -1 for none, and their failures, rendered.
  var minItems: Int32
  var minFragment: PoolSpan
  var maxItems: Int32
  var maxFragment: PoolSpan
  /// The failures of the group's shape, rendered: its value is not an array (`type_mismatch` at the group's
  /// key), it has more than `PlannedGroup.elementLimit` elements (`max_items`, its elements unread), an
  /// element of an object group is not an object (`type_mismatch` keyed `items.*`, written at its index).
  var mismatchFragment = PoolSpan(start: 0, count: 0)
  var limitFragment = PoolSpan(start: 0, count: 0)
  var elementMismatchFragment = PoolSpan(start: 0, count: 0)
  /// Where the element's index goes in `elementMismatchFragment`'s key: its entry in `PlanTables.elementKeys`,
  /// past the fields' entries.
  var elementKey: Int32 = 0
  /// The field number that orders the group's own failures among the record's (`PlannedGroup.anchor`).
  var anchor: Int32
  /// An element object's members in `PlanTables.outputEntries`.
  var elementEntry: Int32
  /// Room one element's output needs beyond seven bytes per input byte: member names, initial values.
  var elementFixedBytes: Int32
  /// Whether a field of the group has a dotted key inside the element (`items.*.address.city`): only then are
  /// its elements' dotted slots read (a one-segment key's dotted slot is a copy of its nested one).
  var readsDotted = false
  /// Whether the group is read under `--field`: every group, or the one the field is in and those enclosing it.
  var isReached = true
}

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

/// A failure the fast path found in a record of a form with groups: its rendered fragment, the element
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
