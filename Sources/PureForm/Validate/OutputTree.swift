/// The output's shape: the record's root and each repeated group's element, as persisted fields nested by
/// their key segments, with each group's array where its key puts it, in spec order.
struct OutputTree: Sendable {
  /// One member of an output object.
  indirect enum Node: Sendable {
    /// A field's value under its last key segment.
    case field(key: String, number: Int)
    /// An object under one key segment.
    case object(key: String, children: [Node])
    /// A group's array under its last segment.
    case group(key: String, group: Int)
  }

  /// The root object's members.
  var root: [Node]
  /// Each group's element object members, by group number (a scalar group's element is its field's value).
  var elements: [[Node]]

  /// The shape of the persisted fields and the groups of a plan.
  init(fields: [PlanField], groups: [PlanGroup]) {
    func tree(_ entries: [(position: Int, segments: [String], leaf: Node)]) -> [Node] {
      var tree = KeyTree<Node>()
      for entry in entries.sorted(by: { $0.position < $1.position }) {
        tree.insert(entry.segments[...], leaf: entry.leaf)
      }
      return tree.nodes { .object(key: $0, children: $1) }
    }
    func entries(in group: Int?) -> [(position: Int, segments: [String], leaf: Node)] {
      var entries: [(position: Int, segments: [String], leaf: Node)] = []
      for (number, field) in fields.enumerated() where field.persist && field.group == group {
        let segments = group == nil ? field.segments : GroupKey.relativeSegments(of: field.key)
        guard let last = segments.last else { continue }
        entries.append((number, segments, .field(key: last, number: number)))
      }
      for (index, candidate) in groups.enumerated() where candidate.parent == group {
        guard let last = candidate.arraySegments.last else { continue }
        entries.append((candidate.anchor, candidate.arraySegments, .group(key: last, group: index)))
      }
      return entries
    }
    root = tree(entries(in: nil))
    elements = groups.indices.map { tree(entries(in: $0)) }
  }

  /// A shape of `root` alone, with no group.
  init(root: [Node]) {
    self.root = root
    elements = []
  }

  /// The members of a valid record's values under `run`, for a form without groups, as the kernel writes
  /// them: for `--field`, its field's member (nested by its key unless flat); with `--flat`, every
  /// persisted field by its key; else the nested tree.
  static func members(of validation: ValidationPlan, run: RunOptions) -> [Node] {
    let fields = validation.fields
    guard let number = run.field else {
      guard run.flat else { return validation.output.root }
      return fields.indices.filter { fields[$0].persist }.map { .field(key: fields[$0].key, number: $0) }
    }
    let field = fields[number]
    guard field.persist else { return [] }
    guard !run.flat, let last = field.segments.last, field.segments.count > 1 else {
      return [.field(key: field.key, number: number)]
    }
    var node = Node.field(key: last, number: number)
    for segment in field.segments.dropLast().reversed() { node = .object(key: segment, children: [node]) }
    return [node]
  }
}
