extension SpecCompiler {
  /// Reports `equal_next` / `equal_previous` whose neighbour cell in the same section has no form view.
  mutating func checkNeighbours(in model: FormModel) {
    for section in model.sections {
      for (row, cell) in section.cells.enumerated() {
        for view in cell.views {
          for validator in view.field?.validators ?? [] {
            let offset: Int
            switch validator.kind {
            case .equalNext: offset = 1
            case .equalPrevious: offset = -1
            default: continue
            }
            let neighbourRow = row + offset
            let direction = offset > 0 ? "next" : "previous"
            if !section.cells.indices.contains(neighbourRow) {
              report(
                .missingNeighbour,
                "'\(validator.kind.rawValue)' has no \(direction) cell to compare with: this is the \(offset > 0 ? "last" : "first") cell of section \(section.number)",
                at: validator.range)
            } else if section.cells[neighbourRow].formViews.isEmpty {
              report(
                .missingNeighbour,
                "'\(validator.kind.rawValue)' has no form view to compare with: the \(direction) cell has no view marked with '?'",
                at: validator.range,
                notes: [DiagnosticNote("the \(direction) cell is here", at: section.cells[neighbourRow].range)])
            }
          }
        }
      }
    }
  }
}
