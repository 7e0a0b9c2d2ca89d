extension SpecCompiler {
  /// Reports `equal_next` / `equal_previous` whose neighbour cell in the same section has no form view.
  ///
  /// Reads the cells' outlines, which are kept whether the cells are or not.
  mutating func checkNeighbours(in sections: SectionTracker) {
    for number in sections.numbers {
      let cells = sections.outlines(of: number)
      for (row, cell) in cells.enumerated() {
        for validator in cell.neighbourValidators {
          let offset = validator.kind == .equalNext ? 1 : -1
          let neighbourRow = row + offset
          let direction = offset > 0 ? "next" : "previous"
          if !cells.indices.contains(neighbourRow) {
            report(
              .missingNeighbour,
              "'\(validator.kind.rawValue)' has no \(direction) cell to compare with: this is the \(offset > 0 ? "last" : "first") cell of section \(number)",
              at: validator.range)
          } else if !cells[neighbourRow].hasFormViews {
            report(
              .missingNeighbour,
              "'\(validator.kind.rawValue)' has no form view to compare with: the \(direction) cell has no view marked with '?'",
              at: validator.range,
              notes: [DiagnosticNote("the \(direction) cell is here", at: cells[neighbourRow].range)])
          }
        }
      }
    }
  }
}
