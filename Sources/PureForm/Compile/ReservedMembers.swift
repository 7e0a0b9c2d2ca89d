/// The reserved-word members of one view object, by word (`<key>`, `<validators>`, `<value>`, …).
///
/// A fixed slot per word holding the member's index rather than a dictionary of members: compiling a view
/// looks words up a dozen times, and a large spec has a view per cell, so hashing each word's text,
/// allocating a table and copying members per view added up.
struct ReservedMembers {
  /// The view's members, which the slots index.
  private let members: [JSONMember]
  /// The index in `members` of each word's member, or -1, in `ReservedWord.allCases` order (`<section>` and
  /// `<include>`, which a view never records, share the first).
  private var slots:
    (
      Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32,
      Int32, Int32
    ) = (-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1)

  /// No word recorded yet, for the members of one view.
  init(of members: [JSONMember]) {
    self.members = members
  }

  /// The member that gave `word`, or nil.
  subscript(word: ReservedWord) -> JSONMember? {
    let index = slot(word)
    return index < 0 ? nil : members[Int(index)]
  }

  /// Whether a word that only means something on a form view (`ReservedWord.formViewWords`) was recorded.
  var hasFormViewWord: Bool {
    ReservedWord.formViewWords.contains { slot($0) >= 0 }
  }

  /// Records that `members[index]` gives `word`; a later record of the same word replaces it.
  mutating func record(_ word: ReservedWord, at index: Int) {
    let value = Int32(index)
    switch word {
    case .section, .include: slots.0 = value
    case .value: slots.1 = value
    case .key: slots.2 = value
    case .validators: slots.3 = value
    case .display: slots.4 = value
    case .type: slots.5 = value
    case .messages: slots.6 = value
    case .persist: slots.7 = value
    case .visibleIf: slots.8 = value
    case .requiredIf: slots.9 = value
    case .sameAs: slots.10 = value
    case .items: slots.11 = value
    case .format: slots.12 = value
    case .schemes: slots.13 = value
    case .oneOf: slots.14 = value
    case .noneOf: slots.15 = value
    case .minimum: slots.16 = value
    case .maximum: slots.17 = value
    }
  }

  /// The index recorded for `word`, or -1.
  private func slot(_ word: ReservedWord) -> Int32 {
    switch word {
    case .section, .include: return slots.0
    case .value: return slots.1
    case .key: return slots.2
    case .validators: return slots.3
    case .display: return slots.4
    case .type: return slots.5
    case .messages: return slots.6
    case .persist: return slots.7
    case .visibleIf: return slots.8
    case .requiredIf: return slots.9
    case .sameAs: return slots.10
    case .items: return slots.11
    case .format: return slots.12
    case .schemes: return slots.13
    case .oneOf: return slots.14
    case .noneOf: return slots.15
    case .minimum: return slots.16
    case .maximum: return slots.17
    }
  }
}
