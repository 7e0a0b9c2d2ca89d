/// A `RecordPlan`'s tables and options as plain values and pointers: what the hot loop reads.
///
/// No exclusivity checks on the way (every member is a `let`). Valid while the plan lives.
///
/// A class, so that it is passed by one reference: as a struct of some fifty words, every call that took it
/// and was not inlined (a field's checks in a group's element, a condition, a coercion) copied it whole
/// first (`memcpy`: 3 % of the instructions of a login record, 7 % of an order with repeated groups).
final class PlanTables: @unchecked Sendable {
  let fields: UnsafePointer<PlanField>
  let fieldCount: Int
  let checks: UnsafePointer<PlanCheck>
  let decimals: UnsafePointer<DecimalView?>
  let codes: UnsafePointer<OpaquePointer>
  let pool: UnsafePointer<UInt8>
  let template: UnsafePointer<TemplatePiece>
  let templateCount: Int
  let entries: UnsafePointer<KeyRouter.Entry>
  let nodes: UnsafePointer<KeyRouter.Node>
  let slots: UnsafePointer<Int32>
  let names: UnsafePointer<UInt8>
  let below: UnsafePointer<Int32>
  /// The router's names as `String`s, for a member name with a non-ASCII character.
  let unicodeNames: UnsafePointer<KeyRouter.UnicodeNames>
  let trueText: PoolSpan
  let falseText: PoolSpan
  /// A bool's value where numbers are compared.
  let oneText: PoolSpan
  let zeroText: PoolSpan
  /// The strings a bool field accepts (`FieldState.boolStrings`).
  let boolStrings: UnsafePointer<BoolString>
  let boolStringCount: Int
  /// `ParityTable.rows`: the verdict of a rule (row) on a value's kind (column).
  let verdicts: UnsafePointer<KindVerdict>
  /// `PadCharacters.table`: which bytes each keyboard pad can type.
  let padCharacters: UnsafePointer<Bool>
  /// The options: every failure or each field's first, live checks only, the fields checked.
  let allFailures: Bool
  let liveOnly: Bool
  let firstField: Int
  let endField: Int
  /// `--field`: one field is checked and output (`firstField`); in a form with repeated groups only the group
  /// it is in (if any) is read, and no group's count is checked.
  let oneField: Bool
  /// `--flat`: a valid record's values with dotted keys (`items.0.sku`).
  let flat: Bool
  /// Room an output line needs beyond six bytes per input byte: fixed text, initial values, every failure.
  let fixedBytes: Int
  /// NDJSON: the top-level member echoed as `"id"` (its name in the pool), and whether there is one.
  let idKey: PoolSpan
  let hasID: Bool
  /// NDJSON: whether a valid record's line carries its `values`.
  let includesValues: Bool
  /// The conditions (`ValidationPlan.conditions`): their nodes, the children of `not`, `all` and `any`, and
  /// the values `equals` compares with (a missing one for `null`), coerced.
  let conditionNodes: UnsafePointer<ConditionNode>
  let conditionChildren: UnsafePointer<Int32>
  let conditionTargets: UnsafePointer<CoercedValue>
  /// Each field's value when the record has none: its `<value>` coerced (missing without one).
  let initials: UnsafePointer<CoercedValue>
  /// The fields with `<visible_if>` in `ValidationPlan.visibilityOrder`; none for a form without one, whose
  /// results then have no `hidden`.
  let visibilityOrder: UnsafePointer<Int32>
  let visibilityCount: Int
  /// A valid record's values as `OutputShape.entries`: written member by member when views are hidden.
  ///
  /// For a form with repeated groups, `OutputTree.entries`: the root, then each group's element object.
  let outputEntries: UnsafePointer<OutputEntry>
  /// The repeated groups the kernel reads (none for a form without groups), their fields' numbers, and
  /// each field's `ElementKey` (meaningful for the fields of a group).
  let groups: UnsafePointer<PlanGroup>
  let groupCount: Int
  /// Whether a group is nested in another's elements.
  let nestsGroups: Bool
  /// Whether fields have value transformers (`RecordPlan.transformed`).
  let hasTransformers: Bool
  let groupFields: UnsafePointer<Int32>
  let elementKeys: UnsafePointer<ElementKey>
  /// For each pattern check (by `PlanCheck.regex`), its failure when the match gave up with each of
  /// `RegexScratch.gaveUpCodes`, in that order (the reason `pattern gave up: …`).
  let gaveUpFragments: UnsafePointer<PoolSpan>

  /// The tables, as `RecordPlan` builds them.
  init(
    fields: UnsafePointer<PlanField>, fieldCount: Int, checks: UnsafePointer<PlanCheck>,
    decimals: UnsafePointer<DecimalView?>, codes: UnsafePointer<OpaquePointer>, pool: UnsafePointer<UInt8>,
    template: UnsafePointer<TemplatePiece>, templateCount: Int, entries: UnsafePointer<KeyRouter.Entry>,
    nodes: UnsafePointer<KeyRouter.Node>, slots: UnsafePointer<Int32>, names: UnsafePointer<UInt8>,
    below: UnsafePointer<Int32>, unicodeNames: UnsafePointer<KeyRouter.UnicodeNames>, trueText: PoolSpan,
    falseText: PoolSpan, oneText: PoolSpan, zeroText: PoolSpan, boolStrings: UnsafePointer<BoolString>,
    boolStringCount: Int, verdicts: UnsafePointer<KindVerdict>, padCharacters: UnsafePointer<Bool>, allFailures: Bool,
    liveOnly: Bool, firstField: Int, endField: Int, oneField: Bool, flat: Bool, fixedBytes: Int, idKey: PoolSpan,
    hasID: Bool, includesValues: Bool, conditionNodes: UnsafePointer<ConditionNode>,
    conditionChildren: UnsafePointer<Int32>, conditionTargets: UnsafePointer<CoercedValue>,
    initials: UnsafePointer<CoercedValue>, visibilityOrder: UnsafePointer<Int32>, visibilityCount: Int,
    outputEntries: UnsafePointer<OutputEntry>, groups: UnsafePointer<PlanGroup>, groupCount: Int, nestsGroups: Bool,
    hasTransformers: Bool, groupFields: UnsafePointer<Int32>, elementKeys: UnsafePointer<ElementKey>,
    gaveUpFragments: UnsafePointer<PoolSpan>
  ) {
    self.fields = fields
    self.fieldCount = fieldCount
    self.checks = checks
    self.decimals = decimals
    self.codes = codes
    self.pool = pool
    self.template = template
    self.templateCount = templateCount
    self.entries = entries
    self.nodes = nodes
    self.slots = slots
    self.names = names
    self.below = below
    self.unicodeNames = unicodeNames
    self.trueText = trueText
    self.falseText = falseText
    self.oneText = oneText
    self.zeroText = zeroText
    self.boolStrings = boolStrings
    self.boolStringCount = boolStringCount
    self.verdicts = verdicts
    self.padCharacters = padCharacters
    self.allFailures = allFailures
    self.liveOnly = liveOnly
    self.firstField = firstField
    self.endField = endField
    self.oneField = oneField
    self.flat = flat
    self.fixedBytes = fixedBytes
    self.idKey = idKey
    self.hasID = hasID
    self.includesValues = includesValues
    self.conditionNodes = conditionNodes
    self.conditionChildren = conditionChildren
    self.conditionTargets = conditionTargets
    self.initials = initials
    self.visibilityOrder = visibilityOrder
    self.visibilityCount = visibilityCount
    self.outputEntries = outputEntries
    self.groups = groups
    self.groupCount = groupCount
    self.nestsGroups = nestsGroups
    self.hasTransformers = hasTransformers
    self.groupFields = groupFields
    self.elementKeys = elementKeys
    self.gaveUpFragments = gaveUpFragments
  }

  /// The value slots a record is read into: each field's, then each group's array's (`KeyRouter`).
  @inline(__always)
  var slotCount: Int { fieldCount &+ groupCount }

  /// Whether field `field` is checked and output under the options: every field, or the one `--field` names.
  @inline(__always)
  func selects(field: Int) -> Bool {
    !oneField || field == firstField
  }

  /// Whether group `group` is read under the options: every group, or under `--field` the one its field is
  /// in and those enclosing it.
  @inline(__always)
  func reaches(group: Int) -> Bool {
    !oneField || groups[group].isReached
  }

  /// Whether group `group` is `ancestor` or inside one of its elements, at any depth.
  func isWithin(group: Int, _ ancestor: Int) -> Bool {
    var current = group
    while current >= 0 {
      if current == ancestor { return true }
      current = groups[current].parent ?? -1
    }
    return false
  }

  /// The bytes of a span of the pool.
  @inline(__always)
  func bytes(_ span: PoolSpan) -> UnsafePointer<UInt8> {
    pool + Int(span.start)
  }

  /// `ParityTable.verdict(rule, kind)` for a value in `state` of `kind`.
  @inline(__always)
  func verdict(_ rule: ParityTable.Row, _ state: ValueState, _ kind: ValueKind) -> KindVerdict {
    let column = state == .present ? 1 &+ Int(kind.rawValue) : 0
    return verdicts[Int(rule.rawValue) &* ParityTable.columnCount &+ column]
  }

  /// Whether `pad` can type `byte` (`KeyboardPad.accepts`).
  @inline(__always)
  func pad(_ pad: KeyboardPad, accepts byte: UInt8) -> Bool {
    padCharacters[PadCharacters.index(pad, byte)]
  }
}

/// One string a bool field accepts and the bool it stands for.
struct BoolString {
  var text: PoolSpan
  var value: Bool
}

/// The bytes each keyboard pad can type, as a flat table of 256 entries per pad, built from
/// `KeyboardPad.characters`.
enum PadCharacters {
  /// The entry of `byte` for `pad`.
  @inline(__always)
  static func index(_ pad: KeyboardPad, _ byte: UInt8) -> Int {
    Int(pad.rawValue) &* 256 &+ Int(byte)
  }

  static let table: [Bool] = KeyboardPad.allCases.flatMap { pad in
    (0...255).map { byte in pad.accepts(String(decoding: [UInt8(byte)], as: UTF8.self)) }
  }
}
