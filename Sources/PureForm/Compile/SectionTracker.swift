/// Collects cells into sections as the spec's markers switch between them.
///
/// Every cell leaves an outline (what the checks over the whole form read); the cells themselves are kept
/// only when the compiler keeps them for the model, so that checking a spec alone holds a few dozen bytes
/// per cell instead of its compiled form.
struct SectionTracker {
  /// Whether the cells are kept, for the model; their outlines are kept either way.
  let keepsCells: Bool
  /// The section the next cell joins.
  private(set) var current = 0
  /// The first marker of each section number.
  private(set) var markers: [Int: SourceRange] = [:]
  /// The cells of each section number, in spec order, when they are kept.
  private var cells: [Int: [FormCell]] = [:]
  /// The outline of each cell of each section number, in spec order.
  private var outlines: [Int: [CellOutline]] = [:]

  /// A tracker with no cell yet, which keeps the cells when `keepsCells`.
  init(keepsCells: Bool = true) {
    self.keepsCells = keepsCells
  }

  /// Makes `number` the current section.
  mutating func enter(_ number: Int, marker: SourceRange) {
    current = number
    if markers[number] == nil { markers[number] = marker }
  }

  /// Adds a cell to the current section, numbering its row.
  mutating func append(_ cell: FormCell) {
    let row = outlines[current, default: []].count
    outlines[current, default: []].append(CellOutline(cell))
    // Only a kept cell is copied to be numbered: the outline reads neither number.
    guard keepsCells else { return }
    var placed = cell
    placed.section = current
    placed.row = row
    cells[current, default: []].append(placed)
  }

  /// Where section `number` began: its first marker, else its first cell; nil when it has no cells yet.
  func start(of number: Int) -> SourceRange? {
    guard let first = outlines[number]?.first else { return nil }
    return markers[number] ?? first.range
  }

  /// The numbers of the sections that have cells, in order.
  var numbers: [Int] { outlines.keys.sorted() }

  /// The outlines of the cells of section `number`, in row order.
  func outlines(of number: Int) -> [CellOutline] { outlines[number] ?? [] }

  /// The sections that have cells, by number; without cells when they are not kept.
  var sections: [FormSection] {
    numbers.map { FormSection(number: $0, range: markers[$0], cells: cells[$0] ?? []) }
  }
}

/// What the checks over the whole form read of one cell: where it is, whether it has form views, and its
/// `equal_next` / `equal_previous` validators in view order.
struct CellOutline {
  /// The span of the cell's combined key.
  @CompactRange var range: SourceRange
  /// Whether some view of the cell is marked with `?`.
  var hasFormViews: Bool
  /// The cell's `equal_next` and `equal_previous` validators, in view and validator order.
  var neighbourValidators: [FormValidator]

  /// The outline of `cell`.
  init(_ cell: FormCell) {
    range = cell.range
    hasFormViews = cell.views.contains(where: \.isFormInput)
    neighbourValidators = []
    // By index: `for view in cell.views` copied each view, retaining every array and string in it.
    for index in cell.views.indices {
      guard let validators = cell.views[index].field?.validators else { continue }
      for validator in validators where validator.kind == .equalNext || validator.kind == .equalPrevious {
        neighbourValidators.append(validator)
      }
    }
  }
}
