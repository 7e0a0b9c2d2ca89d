/// A `RecordPlan`'s tables and options as plain values and pointers: what the hot loop reads.
///
/// No exclusivity checks on the way (every member is a `let`). The tables own the memory they point into and
/// free it when they go; the `RecordPlan` that built them holds them, and every engine holds the plan.
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
  /// A valid record's values as `OutputTree.entries` (the root, then each group's element object): written
  /// member by member when views are hidden, and always in a form with repeated groups.
  let outputEntries: UnsafePointer<OutputEntry>
  /// The key of each `outputEntries` member (empty for the root and a group's element object): what
  /// `ResultSink` names a value by, read without retaining an array (an atomic retain and release per object
  /// of every valid record).
  let outputKeys: UnsafePointer<String>
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

  /// Frees each table's memory, in `deinit`.
  private let frees: [() -> Void]

  /// The tables of a plan that `RecordPlan` flattened, each copied into memory the tables free when they go.
  ///
  /// `targets` is where each check's number target is in the pool (decimals are read
  /// from it once it is frozen); `conditionTargets` and `initials` are values coerced when the plan is
  /// built, their texts in the pool. The texts the kernel writes for bools, and the `id` key, are added to
  /// `builder`'s pool here, before it is frozen.
  init(
    fields: [PlanField], checks: [PlanCheck], targets: [PoolSpan?], codes: [OpaquePointer],
    template: [TemplatePiece], router: KeyRouter, run: RunOptions, endField: Int, fixedBytes: Int,
    conditions: ConditionProgram, conditionTargets: [(state: FieldState, text: PoolSpan)],
    initials: [(state: FieldState, text: PoolSpan)], visibilityOrder: [Int], outputEntries: [OutputEntry],
    outputKeys: [String],
    groups: GroupTables, nestsGroups: Bool, hasTransformers: Bool, gaveUpFragments: [PoolSpan],
    builder: inout RecordPlan.Builder
  ) {
    var frees: [() -> Void] = []
    func freeze<Element>(_ array: [Element]) -> UnsafePointer<Element> {
      let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: max(array.count, 1))
      let end = buffer.initialize(from: array).1
      frees.append {
        UnsafeMutableBufferPointer(rebasing: buffer[..<end]).deinitialize()
        buffer.deallocate()
      }
      return UnsafePointer(buffer.baseAddress.unsafelyUnwrapped)
    }
    // The `id` member: an ASCII member name is compared with these bytes (`KeyRouter.lookupBytes`), a
    // non-ASCII one with the key as a `String`, as `String` equality compares them.
    idKey = builder.add(String(decoding: KeyRouter.lookupBytes(of: run.idKey ?? ""), as: UTF8.self))
    // A bool's output text and its value where numbers are compared, as `FieldValue` has them.
    trueText = builder.add(FieldValue.bool(true).text)
    falseText = builder.add(FieldValue.bool(false).text)
    oneText = builder.add(FieldValue.bool(true).number?.description ?? "1")
    zeroText = builder.add(FieldValue.bool(false).number?.description ?? "0")
    let boolStrings = FieldState.boolStrings.sorted { $0.key < $1.key }.map { text, flag in
      BoolString(text: builder.add(text), value: flag)
    }
    let pool = freeze(builder.bytes)
    self.pool = pool
    self.fields = freeze(fields)
    fieldCount = fields.count
    self.checks = freeze(checks)
    decimals = freeze(targets.map { span in span.flatMap { DecimalView(pool + Int($0.start), count: Int($0.count)) } })
    self.codes = freeze(codes)
    self.template = freeze(template)
    templateCount = template.count
    entries = freeze(router.entries)
    nodes = freeze(router.nodes)
    slots = freeze(router.slots)
    names = freeze(router.names)
    below = freeze(router.below)
    unicodeNames = freeze([KeyRouter.UnicodeNames(nodes: router.unicodeNames, idKey: run.idKey)])
    self.boolStrings = freeze(boolStrings)
    boolStringCount = boolStrings.count
    verdicts = freeze(ParityTable.rows)
    padCharacters = freeze(PadCharacters.table)
    allFailures = run.allFailures
    liveOnly = run.liveOnly
    firstField = run.field ?? 0
    self.endField = endField
    oneField = run.field != nil
    flat = run.flat
    self.fixedBytes = fixedBytes
    hasID = run.idKey != nil
    includesValues = run.includesValues
    conditionNodes = freeze(conditions.nodes)
    conditionChildren = freeze(conditions.children)
    // Coerced once the pool (their texts) and the bool texts are in place, below.
    let targetValues = UnsafeMutablePointer<CoercedValue>.allocate(capacity: max(conditionTargets.count, 1))
    let initialValues = UnsafeMutablePointer<CoercedValue>.allocate(capacity: max(initials.count, 1))
    frees += [targetValues.deallocate, initialValues.deallocate]
    self.conditionTargets = UnsafePointer(targetValues)
    self.initials = UnsafePointer(initialValues)
    self.visibilityOrder = freeze(visibilityOrder.map { Int32($0) })
    visibilityCount = visibilityOrder.count
    self.outputEntries = freeze(outputEntries)
    self.outputKeys = freeze(outputKeys)
    self.groups = freeze(groups.groups)
    groupCount = groups.groups.count
    self.nestsGroups = nestsGroups
    self.hasTransformers = hasTransformers
    groupFields = freeze(groups.fields)
    elementKeys = freeze(groups.keys)
    self.gaveUpFragments = freeze(gaveUpFragments)
    self.frees = frees
    for (index, target) in conditionTargets.enumerated() {
      (targetValues + index).initialize(
        to: RecordKernel.value(of: target.state, text: bytes(target.text), count: Int(target.text.count), self))
    }
    for (index, initial) in initials.enumerated() {
      (initialValues + index).initialize(
        to: RecordKernel.value(of: initial.state, text: bytes(initial.text), count: Int(initial.text.count), self))
    }
  }

  deinit {
    for free in frees { free() }
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
