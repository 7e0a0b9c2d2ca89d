/// Leaves placed under their key segments, the objects between merged by key, in insertion order: the
/// shape of an output object (`OutputTree`).
struct KeyTree<Leaf> {
  private var children: [(key: String, leaf: Leaf?, tree: KeyTree)] = []
  /// The index in `children` of the first object child under each key, so an insert finds it in constant
  /// time instead of scanning every child (quadratic in an object with many fields).
  private var firstObject: [String: Int] = [:]

  /// Places `leaf` under `segments` (its own key is the last one).
  mutating func insert(_ segments: ArraySlice<String>, leaf: Leaf) {
    guard let first = segments.first else { return }
    if segments.count == 1 {
      children.append((first, leaf, KeyTree()))
      return
    }
    if let index = firstObject[first] {
      children[index].tree.insert(segments.dropFirst(), leaf: leaf)
    } else {
      var child = KeyTree()
      child.insert(segments.dropFirst(), leaf: leaf)
      firstObject[first] = children.count
      children.append((first, nil, child))
    }
  }

  /// The members in order: each leaf as placed, each object made by `object` from its key and members.
  func nodes(_ object: (String, [Leaf]) -> Leaf) -> [Leaf] {
    children.map { child in child.leaf ?? object(child.key, child.tree.nodes(object)) }
  }
}
