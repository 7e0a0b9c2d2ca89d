/// The reserved-word members of one view object, by word (`<key>`, `<validators>`, `<value>`, …).
///
/// A fixed slot per word rather than a dictionary: compiling a view looks words up a dozen times, and a
/// large spec has a view per cell, so hashing each word's text and allocating a table per view added up.
struct ReservedMembers {
  /// The member of each word, in `ReservedWord.allCases` order.
  private var slots:
    (
      JSONMember?, JSONMember?, JSONMember?, JSONMember?, JSONMember?, JSONMember?, JSONMember?, JSONMember?
    ) = (nil, nil, nil, nil, nil, nil, nil, nil)

  /// The member that gave `word`, or nil; setting keeps the last one given.
  subscript(word: ReservedWord) -> JSONMember? {
    get {
      switch word {
      case .section: return slots.0
      case .value: return slots.1
      case .key: return slots.2
      case .validators: return slots.3
      case .display: return slots.4
      case .type: return slots.5
      case .messages: return slots.6
      case .persist: return slots.7
      }
    }
    set {
      switch word {
      case .section: slots.0 = newValue
      case .value: slots.1 = newValue
      case .key: slots.2 = newValue
      case .validators: slots.3 = newValue
      case .display: slots.4 = newValue
      case .type: slots.5 = newValue
      case .messages: slots.6 = newValue
      case .persist: slots.7 = newValue
      }
    }
  }
}
