/// Everything validating a record needs, built once when a form compiles: a flat array of fields in spec
/// order (the field number is the index), each with its typed checks and their failure reasons already
/// written, and the tables that route input keys to field numbers.
///
/// The record kernel's `RecordPlan` and `PlanTables` are built from it, so validating a record compiles no
/// regex and never walks the spec again.
struct ValidationPlan: Sendable {
  /// The form views, in spec order.
  var fields: [PlanField]
  /// Field numbers by key (dotted, or `unknown_key_N`).
  var fieldNumbers: [String: Int]
  /// Routes input keys to field numbers.
  var lookup: InputLookup
  /// The persisted fields as nested output objects, and the groups' arrays and elements, in spec order.
  var output: OutputTree
  /// Whether any check matches a pattern, so a record needs a regex scratch.
  var usesPatterns: Bool
  /// The `<visible_if>` and `<required_if>` conditions, each field's named by its root node.
  var conditions = ConditionProgram()
  /// The fields with `<visible_if>`, each after every field its condition reads.
  ///
  /// The order in which a record's hidden fields are found; empty when the form has no `<visible_if>`
  /// (results then list no `hidden`).
  var visibilityOrder: [Int] = []
  /// The repeated groups, each after the group that holds it; empty when no key has a `*` (the record is
  /// then read and validated as it always was).
  var groups: [PlanGroup] = []

  /// Builds the plan of a model that compiled without errors; `sources` name the included file of each view
  /// that comes from one.
  init(
    model: FormModel, sources: SpecSources? = nil, patterns: [String: CompiledPattern],
    transformers: [String: ValueTransformer], settings: ValidationSettings
  ) {
    var fields: [PlanField] = []
    var firstFieldOfCell: [[Int?]] = []
    var unknownIndex = 0
    var pendingNeighbours: [(field: Int, check: Int, section: Int, row: Int)] = []
    var pendingConditions: [(field: Int, formField: FormField)] = []
    var bounds: [(field: Int, items: ItemBounds, messages: [String: String])] = []
    for (sectionIndex, section) in model.sections.enumerated() {
      var cellFirsts: [Int?] = []
      for cell in section.cells {
        var first: Int?
        for view in cell.views {
          guard let formField = view.field else { continue }
          let key: String
          let segments: [String]
          if let path = formField.key {
            key = path.description
            segments = path.segments
          } else {
            key = "unknown_key_\(unknownIndex)"
            segments = [key]
            unknownIndex += 1
          }
          let number = fields.count
          if first == nil { first = number }
          for (index, validator) in formField.validators.enumerated() {
            switch validator.kind {
            case .equalNext: pendingNeighbours.append((number, index, sectionIndex, cell.row + 1))
            case .equalPrevious: pendingNeighbours.append((number, index, sectionIndex, cell.row - 1))
            default: continue
            }
          }
          fields.append(
            PlanField(
              key: key, segments: segments, view: view, field: formField, cell: cell,
              patterns: patterns, transformer: transformers[key], settings: settings))
          fields[number].file = sources?.relativePath(ofOffset: view.range.start.offset)
          if formField.hasConditions { pendingConditions.append((number, formField)) }
          if let items = formField.items { bounds.append((number, items, formField.messageTexts)) }
        }
        cellFirsts.append(first)
      }
      firstFieldOfCell.append(cellFirsts)
    }
    // The neighbour is the first form view of the next / previous cell of the same section; the compiler
    // has reported every validator without one, so a plan never lacks it.
    for pending in pendingNeighbours {
      let cells = firstFieldOfCell[pending.section]
      let neighbour = cells.indices.contains(pending.row) ? cells[pending.row] : nil
      fields[pending.field].checks[pending.check].rule = .equalField(neighbour ?? pending.field)
    }
    self.groups = PlanGroup.groups(of: &fields, bounds: bounds, settings: settings)
    let fieldNumbers = Dictionary(fields.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { first, _ in first })
    // Conditions and `<same_as>` name other fields by key; the compiler has reported every key that names
    // none, so each resolves here.
    var conditions = ConditionProgram()
    for (number, formField) in pendingConditions {
      fields[number].resolveConditions(
        of: formField, numbers: fieldNumbers, conditions: &conditions, settings: settings)
    }
    self.fields = fields
    self.fieldNumbers = fieldNumbers
    self.conditions = conditions
    self.visibilityOrder = Self.visibilityOrder(fields, conditions)
    self.lookup = InputLookup(fields: fields)
    self.output = OutputTree(fields: fields, groups: groups)
    self.usesPatterns = fields.contains { field in
      field.checks.contains { if case .pattern = $0.rule { return true } else { return false } }
    }
  }
}

extension ValidationPlan {
  /// The fields with `<visible_if>`, each after the fields its condition reads (depth first, spec order
  /// among equals); the compiler has refused every cycle, and a field on one would come only once anyway.
  static func visibilityOrder(_ fields: [PlanField], _ conditions: ConditionProgram) -> [Int] {
    var order: [Int] = []
    var visited = [Bool](repeating: false, count: fields.count)
    func visit(_ number: Int) {
      guard !visited[number], let condition = fields[number].visibleIf else { return }
      visited[number] = true
      for read in conditions.fieldNumbers(condition) { visit(read) }
      order.append(number)
    }
    for number in fields.indices { visit(number) }
    return order
  }
}

/// What a check tests, its argument typed.
enum CheckRule: Sendable {
  /// `equal`: the argument as a value; nil for one no value equals.
  case equal(FieldValue?)
  /// `equal_next` / `equal_previous`: the neighbour's field number.
  case equalField(Int)
  case equalLength(Int)
  case minLength(Int)
  case maxLength(Int)
  case minValue(ExactDecimal)
  case maxValue(ExactDecimal)
  case required
  /// `custom` and `type`: a whole-value match.
  case pattern(CompiledPattern)
  /// A registered validator's check and argument.
  case registered(@Sendable (FormValue, FormValue) -> Bool, FormValue)
  /// `<format>`: a text of the format (a `url` of one of `schemes`).
  case format(TextFormat, schemes: [String])
  /// `<in>` (`isAllowed`) or `<not_in>`: the listed values, compared as JSON after coercion.
  case valueList([FormValue], isAllowed: Bool)
  /// `<min>` (`isMinimum`) or `<max>`: a literal bound, or the field number of the view that holds it.
  case bound(BoundTarget, format: TextFormat, isMinimum: Bool)

  /// The row of `ParityTable` the rule reads (its kind, without its argument).
  var parityRow: ParityTable.Row {
    switch self {
    case .equal: return .equal
    case .equalField: return .equalField
    case .equalLength: return .equalLength
    case .minLength: return .minLength
    case .maxLength: return .maxLength
    case .minValue: return .minValue
    case .maxValue: return .maxValue
    case .required: return .required
    case .pattern: return .pattern
    case .registered: return .registered
    case .format: return .format
    case .valueList(_, let isAllowed): return isAllowed ? .inList : .notInList
    case .bound(_, _, let isMinimum): return isMinimum ? .notBefore : .notAfter
    }
  }

  /// The rule of a built-in validator (`equal_next` / `equal_previous` get their neighbour later).
  init(_ validator: FormValidator, patterns: [String: CompiledPattern]) {
    switch validator.argument {
    case .equalTo(let kind):
      self = .equal(FieldValue(argument: FormValue(JSONNode(kind, validator.argumentRange))))
    case .enabled:
      self = validator.kind == .required ? .required : .equalField(-1)
    case .length(let length):
      switch validator.kind {
      case .equalLength: self = .equalLength(length)
      case .minLength: self = .minLength(length)
      default: self = .maxLength(length)
      }
    case .number(let number):
      self = validator.kind == .minValue ? .minValue(number) : .maxValue(number)
    case .textKind(let kind):
      self = .pattern(TextRules.pattern(for: kind))
    case .pattern(let text):
      // The compiler compiled every pattern of a form that compiled without errors.
      guard let regex = patterns[text] else { preconditionFailure("pattern '\(text)' was never compiled") }
      self = .pattern(regex)
    case .registered(let registered, let argument):
      self = .registered(registered.check, argument)
    }
  }
}
