/// Collects cells into sections as the spec's markers switch between them.
struct SectionTracker {
  /// The section the next cell joins.
  private(set) var current = 0
  /// The first marker of each section number.
  private(set) var markers: [Int: SourceRange] = [:]
  /// The cells of each section number, in spec order.
  private var cells: [Int: [FormCell]] = [:]

  /// Makes `number` the current section.
  mutating func enter(_ number: Int, marker: SourceRange) {
    current = number
    if markers[number] == nil { markers[number] = marker }
  }

  /// Adds a cell to the current section, numbering its row.
  mutating func append(_ cell: FormCell) {
    var placed = cell
    placed.section = current
    placed.row = cells[current, default: []].count
    cells[current, default: []].append(placed)
  }

  /// Where section `number` began: its first marker, else its first cell; nil when it has no cells yet.
  func start(of number: Int) -> SourceRange? {
    guard let first = cells[number]?.first else { return nil }
    return markers[number] ?? first.range
  }

  /// The sections that have cells, by number.
  var sections: [FormSection] {
    cells.keys.sorted().map { FormSection(number: $0, range: markers[$0], cells: cells[$0] ?? []) }
  }
}
