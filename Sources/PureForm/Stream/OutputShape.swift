/// The shape of a valid record's values: objects of members, fields' values at the leaves.
///
/// `RecordPlan` renders it once into the template of a record with nothing hidden, and flattens it into
/// `OutputEntry`s for a record whose `<visible_if>` hides views (then members come and go per record).
indirect enum OutputShape {
  case field(Int)
  case object([(String, OutputShape)])

  /// The shape of the nested output tree without the groups' arrays (which `OutputTree.entries` places), nor
  /// the objects that hold nothing else.
  init(_ nodes: [OutputTree.Node]) {
    self = .object(
      nodes.compactMap { node in
        switch node {
        case .field(let key, let number): return (key, .field(number))
        case .object(let key, let children):
          let shape = OutputShape(children)
          if case .object(let members) = shape, members.isEmpty { return nil }
          return (key, shape)
        case .group: return nil
        }
      })
  }

  /// The shape `ValidationPlan.values` gives a valid record under `run`: one field's member (nested by its
  /// key unless flat) for `--field`, every persisted field by its key when flat, else the nested tree.
  init(_ validation: ValidationPlan, run: RunOptions) {
    let fields = validation.fields
    if let number = run.field {
      let field = fields[number]
      if !field.persist {
        self = .object([])
      } else if run.flat || field.segments.count == 1 {
        self = .object([(field.key, .field(number))])
      } else {
        var nested = OutputShape.field(number)
        for segment in field.segments.reversed() { nested = .object([(segment, nested)]) }
        self = nested
      }
    } else if run.flat {
      self = .object(fields.indices.filter { fields[$0].persist }.map { (fields[$0].key, .field($0)) })
    } else {
      self = OutputShape(validation.output.root)
    }
  }

  /// Renders the fixed text as `OutputJSON.rendered()` would into `text`, calling `value` where a field's
  /// value goes (with the text so far, which it may take).
  func render(into text: inout String, value: (Int, inout String) -> Void) {
    switch self {
    case .field(let number): value(number, &text)
    case .object(let members):
      text += "{"
      for (index, member) in members.enumerated() {
        if index > 0 { text += "," }
        OutputJSON.writeString(member.0, to: &text)
        text += ":"
        member.1.render(into: &text, value: value)
      }
      text += "}"
    }
  }

  /// The shape as a flat table, the root object first, each object's members next to each other; `name`
  /// gives the pool span of a member's rendered `"name":`, and is told the member's key (in the table's order).
  func entries(name: (_ key: String, _ rendered: String) -> PoolSpan) -> [OutputEntry] {
    var entries = [OutputEntry(name: PoolSpan(start: 0, count: 0), field: -1, firstChild: 0, childCount: 0)]
    func fill(_ index: Int, _ shape: OutputShape) {
      guard case .object(let members) = shape else { return }
      let first = entries.count
      entries[index].firstChild = Int32(first)
      entries[index].childCount = Int32(members.count)
      for (key, member) in members {
        var text = ""
        OutputJSON.writeString(key, to: &text)
        text += ":"
        var field: Int32 = -1
        if case .field(let number) = member { field = Int32(number) }
        entries.append(OutputEntry(name: name(key, text), field: field, firstChild: 0, childCount: 0))
      }
      for (offset, member) in members.enumerated() { fill(first + offset, member.1) }
    }
    fill(0, self)
    return entries
  }
}

/// One member of a valid record's values in the flat table of `OutputShape.entries`: a field's value, or an
/// object whose members are `childCount` entries from `firstChild`.
struct OutputEntry {
  /// The member's name, rendered with its colon (`"name":`); empty for the root.
  var name: PoolSpan
  /// The field whose value the member is, or -1 for an object.
  var field: Int32
  var firstChild: Int32
  var childCount: Int32
  /// The repeated group whose array the member is, or -1.
  var group: Int32 = -1
}
