/// One repeated group's part of the plan: the array at `key` (`items`, `orders.*.lines`), its template
/// fields, the groups nested in its elements and its `<items>` bounds.
///
/// The template fields are fields of the plan like any other (`items.*.name`), so that conditions,
/// neighbours and `<same_as>` name them by field number; validating a record runs them once per element,
/// with the element's values in their states.
///
/// The kernel reads the same type through `PlanTables.groups`: `RecordPlan` fills in, on its copy, the members
/// it derives (the rendered failures, the spans of its fields in `PlanTables.groupFields`, the `<items>`
/// bounds as numbers, its routing and output entries), which come first; in the plan's own groups they keep
/// their defaults. The kernel also reads `parent`, `scalarField` and `anchor` from the plan's members.
struct PlanGroup: Sendable {
  /// The most elements an array may have: a longer one fails `max_items` (argument this limit) without its
  /// elements being read, validated or kept.
  static let elementLimit = 10_000

  // The kernel's members, filled by `RecordPlan`.
  /// The array's key from the record (`items`, `cart.items`) or from the enclosing element (`lines`), in the
  /// pool: what its flat keys start with (`cart.items.0.sku`).
  var name = PoolSpan(start: 0, count: 0)
  /// The group's fields in `PlanTables.groupFields`, in spec order, then the groups nested directly in its
  /// elements (`childCount` of them, from `fieldStart + fieldCount`).
  var fieldStart: Int32 = 0
  var fieldCount: Int32 = 0
  var childCount: Int32 = 0
  /// The entry in `PlanTables.elementKeys` of the group's own key (`orders.*.lines`), where its enclosing
  /// element's index goes in the failures of its count and array; -1 for a group at the root.
  var groupKey: Int32 = -1
  /// The router node an element object's members are routed from.
  var elementRoot: Int32 = 0
  /// `<items>` min and max, -1 for none, and their failures, rendered.
  var minItems: Int32 = -1
  var minFragment = PoolSpan(start: 0, count: 0)
  var maxItems: Int32 = -1
  var maxFragment = PoolSpan(start: 0, count: 0)
  /// The failures of the group's shape, rendered: its value is not an array (`type_mismatch` at the group's
  /// key), it has more than `PlanGroup.elementLimit` elements (`max_items`, its elements unread), an
  /// element of an object group is not an object (`type_mismatch` keyed `items.*`, written at its index).
  var mismatchFragment = PoolSpan(start: 0, count: 0)
  var limitFragment = PoolSpan(start: 0, count: 0)
  var elementMismatchFragment = PoolSpan(start: 0, count: 0)
  /// Where the element's index goes in `elementMismatchFragment`'s key: its entry in `PlanTables.elementKeys`,
  /// past the fields' entries.
  var elementKey: Int32 = 0
  /// An element object's members in `PlanTables.outputEntries`.
  var elementEntry: Int32 = 0
  /// Room one element's output needs beyond seven bytes per input byte: member names, initial values.
  var elementFixedBytes: Int32 = 16
  /// Whether a field of the group has a dotted key inside the element (`items.*.address.city`): only then are
  /// its elements' dotted slots read (a one-segment key's dotted slot is a copy of its nested one).
  var readsDotted = false
  /// Whether the group is read under `--field`: every group, or the one the field is in and those enclosing it.
  var isReached = true

  // What the plan builds from the spec.
  /// The template key of the array (`orders.*.lines`).
  var key: String
  /// The group whose elements hold this one; nil for a group at the record's root.
  var parent: Int?
  /// The array's path from the enclosing element (or the root): `["lines"]`, `["cart", "items"]`.
  var arraySegments: [String]
  /// The fields directly in each element, in spec order.
  var fields: [Int] = []
  /// The groups nested directly in each element, in spec order.
  var children: [Int] = []
  /// For a group of scalars (`tags.*`), the field that is the element itself.
  var scalarField: Int?
  /// `<items>` min, with the failure it makes.
  var min: Bound?
  /// `<items>` max, with the failure it makes.
  var max: Bound?
  /// The reason of a `type_mismatch` of the array (not an array), of an element (not an object) and of
  /// `max_items` past the limit.
  var arrayMismatchReason = ""
  var elementMismatchReason = ""
  var limitReason = ""
  /// Where failures of the group as a whole are located (`type_mismatch` of the array or of an element, the
  /// limit): its first field.
  var anchor: Int

  /// One bound of the count and the failure it makes.
  struct Bound: Sendable {
    var value: Int
    var reason: String
    /// The field whose `<items>` gave it: where the failure is located.
    var field: Int
  }

  /// The groups of the plan's fields, each field's `group` set; empty when no key has a `*`.
  static func groups(
    of fields: inout [PlanField], bounds: [(field: Int, items: ItemBounds, messages: [String: String])],
    settings: ValidationSettings
  ) -> [PlanGroup] {
    var groups: [PlanGroup] = []
    var numbers: [String: Int] = [:]
    for number in fields.indices {
      var parent: Int?
      for key in GroupKey.groups(of: fields[number].key) {
        if let existing = numbers[key] {
          parent = existing
          continue
        }
        numbers[key] = groups.count
        groups.append(
          PlanGroup(key: key, parent: parent, arraySegments: GroupKey.arraySegments(of: key), anchor: number))
        if let parent { groups[parent].children.append(groups.count - 1) }
        parent = groups.count - 1
      }
      guard let group = parent else { continue }
      fields[number].group = group
      groups[group].fields.append(number)
      if GroupKey.relativeSegments(of: fields[number].key).isEmpty { groups[group].scalarField = number }
    }
    let mismatch = settings.text(for: .typeMismatch)
    for index in groups.indices {
      groups[index].arrayMismatchReason = PlanField.reason(mismatch, argument: "array")
      groups[index].elementMismatchReason = PlanField.reason(mismatch, argument: "object")
      groups[index].limitReason = PlanField.reason(
        settings.text(for: .maxItems), argument: String(elementLimit))
    }
    for (field, items, messages) in bounds {
      guard let group = fields[field].group else { continue }
      if let min = items.min, groups[group].min == nil {
        let template = settings.text(for: .minItems, messages: messages)
        groups[group].min = Bound(
          value: min.value, reason: PlanField.reason(template, argument: String(min.value)), field: field)
      }
      if let max = items.max, groups[group].max == nil {
        let template = settings.text(for: .maxItems, messages: messages)
        groups[group].max = Bound(
          value: max.value, reason: PlanField.reason(template, argument: String(max.value)), field: field)
      }
    }
    return groups
  }
}
