extension OutputTree {
  /// The shape as a flat table for the kernel, the entry of each group's element object, and each
  /// entry's member key (empty for the root and the element objects).
  ///
  /// The root object comes first, then each group's element object, every object's members next to each
  /// other; `name` gives the pool span of a member's rendered `"name":`.
  func entries(name: (String) -> PoolSpan) -> (entries: [OutputEntry], elements: [Int32], keys: [String]) {
    var entries = [OutputEntry(name: PoolSpan(start: 0, count: 0), field: -1, firstChild: 0, childCount: 0)]
    var keys = [""]
    func fill(_ index: Int, _ nodes: [Node]) {
      let first = entries.count
      entries[index].firstChild = Int32(first)
      entries[index].childCount = Int32(nodes.count)
      for node in nodes {
        var text = ""
        var entry = OutputEntry(name: PoolSpan(start: 0, count: 0), field: -1, firstChild: 0, childCount: 0)
        switch node {
        case .field(let key, let number):
          OutputJSON.writeString(key, to: &text)
          keys.append(key)
          entry.field = Int32(number)
        case .object(let key, _):
          OutputJSON.writeString(key, to: &text)
          keys.append(key)
        case .group(let key, let group):
          OutputJSON.writeString(key, to: &text)
          keys.append(key)
          entry.group = Int32(group)
        }
        text += ":"
        entry.name = name(text)
        entries.append(entry)
      }
      for (offset, node) in nodes.enumerated() {
        if case .object(_, let children) = node { fill(first + offset, children) }
      }
    }
    fill(0, root)
    var elementEntries: [Int32] = []
    for members in elements {
      elementEntries.append(Int32(entries.count))
      entries.append(OutputEntry(name: PoolSpan(start: 0, count: 0), field: -1, firstChild: 0, childCount: 0))
      keys.append("")
      fill(entries.count - 1, members)
    }
    return (entries, elementEntries, keys)
  }
}

/// One member of a valid record's values in the flat table of `OutputTree.entries`: a field's value, a group's
/// array, or an object whose members are `childCount` entries from `firstChild`.
struct OutputEntry {
  /// The member's name, rendered with its colon (`"name":`); empty for the root.
  var name: PoolSpan
  /// The field whose value the member is, or -1.
  var field: Int32
  var firstChild: Int32
  var childCount: Int32
  /// The repeated group whose array the member is, or -1.
  var group: Int32 = -1
}
