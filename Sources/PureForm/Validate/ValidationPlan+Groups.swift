extension ValidationPlan {
  /// Validates one record of a form with repeated groups: the fields outside groups as `run` does, then
  /// each group's elements in order, the template fields' states holding one element's values at a time
  /// (so that conditions, neighbours and `<same_as>` read the element's own values, or an enclosing one's).
  ///
  /// `inputs` holds the fields outside groups by number, then (last) the record's members that may hold a
  /// group, as an object (`inputs(from:)`).
  func runGrouped(_ inputs: [FieldInput], options: RunOptions, scratch: RegexScratch?) -> ValidationResult {
    var run = GroupRun(plan: self, options: options, scratch: scratch)
    let arrays = run.traverse(inputs)
    return run.result(arrays: arrays)
  }

  /// What a grouped record holds, as `runGrouped` reads it, without checking anything: each view's value
  /// as sent at its element, and each group's count.
  func groupReading(_ inputs: [FieldInput]) -> (values: [ConcreteView: FieldInput], counts: [ConcreteView: Int]) {
    var run = GroupRun(plan: self, options: RunOptions(), scratch: nil)
    run.checking = false
    _ = run.traverse(inputs)
    return (run.values, run.counts)
  }

  /// The record's members that may hold a group (those whose key's first segment is a group's first one),
  /// as an object: the last input of a grouped form.
  func groupMembers<Input: InputObject>(of object: Input) -> FormValue {
    var members: [(key: String, value: FormValue)] = []
    _ = object.forEachMember { key, value in
      let first = key.prefix { $0 != "." }
      if groupRoots.contains(String(first)) { members.append((key, value.formValue)) }
    }
    return .object(members)
  }

  /// A failure of group `group` as a whole (its count, its array, an element), keyed `key` and located at
  /// `field` (the group's first field when nil).
  func groupFailure(
    _ group: Int, key: String, validator: String, argument: FormValue, reason: String, at field: Int?
  ) -> ValidationFailure {
    let located = fields[field ?? groups[group].anchor]
    return ValidationFailure(
      key: key, validator: validator, argument: argument, reason: reason, section: located.section,
      row: located.row, tag: located.tag, line: located.line, column: located.column)
  }

  /// The first key segment of each group at the record's root.
  var groupRoots: Set<String> {
    Set(groups.filter { $0.parent == nil }.compactMap(\.arraySegments.first))
  }
}

/// The state of one grouped record's validation: the fields' states (a group's fields hold the element
/// being validated), the failures and hidden keys found so far with their spec order.
///
/// It also records what it read, view by view and group by group (`values`, `counts`), which an edit's
/// validation compares between the stored record and the new one; with a `selection`, only the views and
/// counts it holds are checked.
struct GroupRun {
  let plan: ValidationPlan
  let options: RunOptions
  let scratch: RegexScratch?
  var states: [FieldState]
  var hidden: [Bool]
  /// The failures, each with the field number that orders it (spec order, then element order).
  var failures: [ValidationFailure] = []
  var failureOrder: [Int] = []
  /// The hidden views' concrete keys, each with its field number.
  var hiddenKeys: [(number: Int, key: String)] = []
  /// Every view read, at its element, with its value as sent (before visibility).
  var values: [ConcreteView: FieldInput] = [:]
  /// Every group read, at its enclosing element: its element count, -1 for a value that is not an array,
  /// -2 for one past the element limit; and at an element that is not an object, -3.
  var counts: [ConcreteView: Int] = [:]
  /// The views and group counts to check (`RunOptions.concreteSelection`); nil checks everything.
  var selection: ConcreteSelection?
  /// Whether anything is checked: false only reads the record (`values`, `counts`).
  var checking = true
  /// The conditions' values as they are evaluated (`conditionTruths`); nil records nothing.
  var truths: [ConditionTruth]?

  init(plan: ValidationPlan, options: RunOptions, scratch: RegexScratch?) {
    self.plan = plan
    self.options = options
    self.scratch = scratch
    states = [FieldState](repeating: .missing, count: plan.fields.count)
    hidden = [Bool](repeating: false, count: plan.fields.count)
    selection = options.concreteSelection
  }

  /// Reads and checks a record (`inputs` as `runGrouped` takes them): the fields outside groups, then each
  /// group; returns the groups' output arrays.
  mutating func traverse(_ inputs: [FieldInput]) -> [Int: FormValue] {
    for number in plan.fields.indices where plan.fields[number].group == nil {
      states[number] = plan.state(of: number, input: inputs[number])
      record(number, indices: [], input: inputs[number])
    }
    applyVisibility(group: nil)
    for number in plan.fields.indices where plan.fields[number].group == nil { check(number, indices: []) }
    var members: [(key: String, value: FormValue)] = []
    if inputs.count > plan.fields.count, case .object(let given)? = inputs[plan.fields.count] { members = given }
    var arrays: [Int: FormValue] = [:]
    for group in plan.groups.indices where plan.groups[group].parent == nil && reaches(group) {
      arrays[group] = validate(group, in: members, indices: [])
    }
    return arrays
  }

  /// Whether `--field` leaves group `group` to validate: it names no field, or one inside the group.
  func reaches(_ group: Int) -> Bool {
    guard let field = options.field else { return true }
    var current = plan.fields[field].group
    while let inner = current {
      if inner == group { return true }
      current = plan.groups[inner].parent
    }
    return false
  }

  /// Hides the fields of `group` (nil: outside groups) whose `<visible_if>` does not hold, in dependency
  /// order, and records their concrete keys.
  mutating func applyVisibility(group: Int?, indices: [Int] = []) {
    for number in plan.visibilityOrder where plan.fields[number].group == group {
      let isHidden = plan.fields[number].visibleIf?.holds(states) == false
      if truths != nil, plan.fields[number].visibleIf != nil {
        truths?.append(ConditionTruth(field: number, condition: .visibleIf, value: !isHidden))
      }
      hidden[number] = isHidden
      if isHidden {
        states[number] = .missing
        hiddenKeys.append((number, GroupKey.concrete(plan.fields[number].key, indices: indices)))
      }
    }
  }

  /// Records that field `number` was read at the element `indices` with `input`.
  mutating func record(_ number: Int, indices: [Int], input: FieldInput) {
    values[ConcreteView(number: number, indices: indices)] = input
  }

  /// Checks field `number` (unless `--field` names another, it is hidden, or a selection leaves it out)
  /// under its concrete key.
  mutating func check(_ number: Int, indices: [Int]) {
    guard checking, options.field == nil || options.field == number, !hidden[number] else { return }
    if truths != nil, let requiredIf = plan.fields[number].requiredIf {
      truths?.append(ConditionTruth(field: number, condition: .requiredIf, value: requiredIf.condition.holds(states)))
    }
    if let selection, !selection.views.contains(ConcreteView(number: number, indices: indices)) { return }
    let before = failures.count
    let key = indices.isEmpty ? nil : GroupKey.concrete(plan.fields[number].key, indices: indices)
    plan.check(number, states: states, options: options, scratch: scratch, failures: &failures, key: key)
    failureOrder += repeatElement(number, count: failures.count - before)
  }

  /// A failure of group `group` as a whole (its count, its array, an element), keyed `key`.
  mutating func fail(
    _ group: Int, key: String, validator: String, argument: FormValue, reason: String, at field: Int? = nil,
    indices: [Int]
  ) {
    guard checking else { return }
    if let selection, !selection.counts.contains(ConcreteView(number: group, indices: indices)) { return }
    failures.append(
      plan.groupFailure(group, key: key, validator: validator, argument: argument, reason: reason, at: field))
    failureOrder.append(plan.groups[group].anchor)
  }

  /// Validates group `group` as `members` (the root's, or the enclosing element's) hold it, at the element
  /// `indices` of the enclosing groups; returns its output array (empty once the record has failed).
  mutating func validate(_ group: Int, in members: [(key: String, value: FormValue)], indices: [Int]) -> FormValue {
    let planned = plan.groups[group]
    let key = GroupKey.concrete(planned.key, indices: indices)
    let counts = options.field == nil && !options.liveOnly
    let elements: [FormValue]
    let read = GroupInput.read(members, path: planned.arraySegments, scalar: planned.scalarField != nil)
    let here = ConcreteView(number: group, indices: indices)
    switch read {
    case .empty: elements = []
    case .mismatch:
      self.counts[here] = -1
      fail(
        group, key: key, validator: FailureName.typeMismatch, argument: .string("array"),
        reason: planned.arrayMismatchReason, indices: indices)
      return .array([])
    case .tooLong:
      self.counts[here] = -2
      fail(
        group, key: key, validator: FailureName.maxItems, argument: .number(String(PlannedGroup.elementLimit)),
        reason: planned.limitReason, at: planned.max?.field, indices: indices)
      return .array([])
    case .elements(let given): elements = given
    }
    self.counts[here] = elements.count
    if counts, let min = planned.min, elements.count < min.value {
      fail(
        group, key: key, validator: FailureName.minItems, argument: .number(String(min.value)), reason: min.reason,
        at: min.field, indices: indices)
    }
    if counts, let max = planned.max, elements.count > max.value {
      fail(
        group, key: key, validator: FailureName.maxItems, argument: .number(String(max.value)), reason: max.reason,
        at: max.field, indices: indices)
    }
    var output: [FormValue] = []
    for (index, element) in elements.enumerated() {
      let at = indices + [index]
      var elementMembers: [(key: String, value: FormValue)] = []
      if let scalar = planned.scalarField {
        states[scalar] = plan.state(of: scalar, input: element)
        record(scalar, indices: at, input: element)
      } else {
        guard case .object(let given) = element,
          let inputs = planned.lookup.inputs(from: element, fieldCount: planned.fields.count)
        else {
          // Recorded as the element's own count (-3), so an edit that makes it an object or another value
          // is a change there.
          self.counts[ConcreteView(number: group, indices: at)] = -3
          fail(
            group, key: key + "." + String(index), validator: FailureName.typeMismatch, argument: .string("object"),
            reason: planned.elementMismatchReason, indices: at)
          continue
        }
        elementMembers = given
        for (position, number) in planned.fields.enumerated() {
          states[number] = plan.state(of: number, input: inputs[position])
          record(number, indices: at, input: inputs[position])
        }
      }
      applyVisibility(group: group, indices: at)
      for number in planned.fields { check(number, indices: at) }
      var arrays: [Int: FormValue] = [:]
      for child in planned.children where reaches(child) {
        arrays[child] = validate(child, in: elementMembers, indices: at)
      }
      guard failures.isEmpty else { continue }
      if let scalar = planned.scalarField {
        if shown(scalar) { output.append(value(scalar)) }
      } else {
        output.append(.object(build(plan.groupOutput.elements[group], arrays: arrays)))
      }
    }
    return .array(output)
  }

  /// Whether field `number` is output: persisted, not hidden, and the one `--field` names if any.
  func shown(_ number: Int) -> Bool {
    plan.fields[number].persist && !hidden[number] && (options.field == nil || options.field == number)
  }

  /// The output value of field `number`: a missing value is `""`.
  func value(_ number: Int) -> FormValue { states[number].value?.formValue ?? .string("") }

  /// The members of an output object: fields shown, nested objects (left out when nothing in them is,
  /// and something may be hidden or left out by `--field`), and the groups' arrays in `arrays`.
  func build(_ nodes: [GroupOutputShape.Node], arrays: [Int: FormValue]) -> [(key: String, value: FormValue)] {
    let mayLeaveOut = !plan.visibilityOrder.isEmpty || options.field != nil
    return nodes.compactMap { node in
      switch node {
      case .field(let key, let number): return shown(number) ? (key, value(number)) : nil
      case .object(let key, let children):
        let members = build(children, arrays: arrays)
        return members.isEmpty && mayLeaveOut ? nil : (key, .object(members))
      case .group(let key, let group): return arrays[group].map { (key, $0) }
      }
    }
  }

  /// The record's result: failures in spec order then element order, hidden keys likewise.
  func result(arrays: [Int: FormValue]) -> ValidationResult {
    let hiddenList =
      plan.visibilityOrder.isEmpty
      ? nil
      : hiddenKeys.enumerated().sorted { ($0.element.number, $0.offset) < ($1.element.number, $1.offset) }.map(
        \.element.key)
    guard failures.isEmpty else {
      let ordered = failures.indices.sorted { (failureOrder[$0], $0) < (failureOrder[$1], $1) }.map { failures[$0] }
      return .invalid(failures: ordered, hidden: hiddenList)
    }
    let values = FormValue.object(build(plan.groupOutput.root, arrays: arrays))
    return .valid(values: options.flat ? values.flattened() : values, hidden: hiddenList)
  }
}

extension FormValue {
  /// An output object with its nested objects and arrays spelled as dotted keys (`items.0.name`), in order;
  /// an empty array stays a member of its own (`"items": []`).
  func flattened() -> FormValue {
    var members: [(key: String, value: FormValue)] = []
    func add(_ value: FormValue, prefix: String?) {
      func join(_ key: String) -> String { prefix.map { $0 + "." + key } ?? key }
      switch value {
      case .object(let inner) where prefix == nil || !inner.isEmpty:
        for member in inner { add(member.value, prefix: join(member.key)) }
      case .array(let elements) where !elements.isEmpty:
        for (index, element) in elements.enumerated() { add(element, prefix: join(String(index))) }
      default:
        if let prefix { members.append((prefix, value)) }
      }
    }
    add(self, prefix: nil)
    return .object(members)
  }
}
