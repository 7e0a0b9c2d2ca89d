/// One repeated group's part of the plan: the array at `key` (`items`, `orders.*.lines`), its template
/// fields, the groups nested in its elements and its `<items>` bounds.
///
/// The template fields are fields of the plan like any other (`items.*.name`), so that conditions,
/// neighbours and `<same_as>` name them by field number; validating a record runs them once per element,
/// with the element's values in their states.
struct PlannedGroup: Sendable {
  /// The most elements an array may have: a longer one fails `max_items` (argument this limit) without its
  /// elements being read, validated or kept.
  static let elementLimit = 10_000

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
  ) -> [PlannedGroup] {
    var groups: [PlannedGroup] = []
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
          PlannedGroup(key: key, parent: parent, arraySegments: GroupKey.arraySegments(of: key), anchor: number))
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
