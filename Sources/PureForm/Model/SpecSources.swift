/// The files one spec is compiled from: the spec itself, and each file an `<include>` inserts, once for
/// each time it is included.
///
/// Every position the compiler keeps is an offset into one space: the spec's own bytes first, then each
/// inclusion's after the last, in the order they were met (`IncludedSource.base`). A line and a column are
/// those of the position's own file; its offset says which file that is. The model's ranges, its keys' and
/// its validators' among them, so need no file of their own, and a spec without `<include>` is exactly what it
/// was. `attributed(_:)` gives a diagnostic its file, the offsets of that file, and a note for each level of
/// inclusion.
struct SpecSources: Sendable {
  /// The spec compiled.
  let top: SourceFile
  /// Each inclusion, in the order met (spec order, an included file's own includes right after it).
  private(set) var included: [IncludedSource] = []
  /// The first offset free for the next inclusion.
  private(set) var end: Int

  /// The sources of a spec that includes nothing yet.
  init(top: SourceFile) {
    self.top = top
    self.end = top.bytes.count + 1
  }

  /// Whether the spec includes any file.
  var hasIncludes: Bool { !included.isEmpty }

  /// Adds an inclusion of `file`, whose offsets start where the previous one's end; returns its number.
  mutating func add(
    _ file: SourceFile, path: String, parent: Int?, site: SourceRange, element: SourceRange, prefix: String?
  ) -> Int {
    included.append(
      IncludedSource(file: file, path: path, base: end, parent: parent, site: site, element: element, prefix: prefix))
    end += file.bytes.count + 1
    return included.count - 1
  }

  /// The number of the inclusion that `offset` is in; nil for the spec itself.
  func inclusion(containing offset: Int) -> Int? {
    guard let first = included.first, offset >= first.base else { return nil }
    var low = 0
    var high = included.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if included[mid].base <= offset { low = mid } else { high = mid - 1 }
    }
    return low
  }

  /// The file of inclusion `number`, or the spec itself for nil.
  func file(_ number: Int?) -> SourceFile {
    number.map { included[$0].file } ?? top
  }

  /// The first offset of inclusion `number` (0 for the spec itself).
  func base(_ number: Int?) -> Int {
    number.map { included[$0].base } ?? 0
  }

  /// The path, relative to the spec's folder, of the file that `offset` is in; nil for the spec itself:
  /// the `file` of a validation failure.
  func relativePath(ofOffset offset: Int) -> String? {
    inclusion(containing: offset).map { included[$0].path }
  }

  /// `range`, in the offsets of the file it is in.
  func local(_ range: SourceRange) -> SourceRange {
    range.shifted(by: -base(inclusion(containing: range.start.offset)))
  }

  /// The order of a position in reading order: the offsets of each include site from the spec down, then its
  /// own; positions compare as these lists do.
  func readingOrder(ofOffset offset: Int) -> [Int] {
    var order = [offset]
    var number = inclusion(containing: offset)
    while let current = number {
      order[0] -= included[current].base
      order.insert(included[current].site.start.offset, at: 0)
      number = included[current].parent
    }
    return order
  }

  /// `diagnostic` in the file it is about: its file set, its ranges in that file's offsets, and a note
  /// `included from FILE:LINE:COLUMN` for each level of inclusion; the same diagnostic in the spec itself.
  func attributed(_ diagnostic: Diagnostic) -> Diagnostic {
    guard hasIncludes else { return diagnostic }
    var attributed = diagnostic
    let number = inclusion(containing: diagnostic.range.start.offset)
    attributed.range = diagnostic.range.shifted(by: -base(number))
    attributed.file = number.map { included[$0].file }
    attributed.notes = diagnostic.notes.map { note in
      guard let range = note.range, note.file == nil else { return note }
      let noteNumber = inclusion(containing: range.start.offset)
      return DiagnosticNote(
        note.message, at: range.shifted(by: -base(noteNumber)),
        in: noteNumber == number ? nil : file(noteNumber))
    }
    attributed.notes += includedFromNotes(number)
    return attributed
  }

  /// `included from FILE:LINE:COLUMN` for inclusion `number` and each one that includes it, innermost first.
  func includedFromNotes(_ number: Int?) -> [DiagnosticNote] {
    var notes: [DiagnosticNote] = []
    var current = number
    while let inclusion = current {
      let site = included[inclusion].site.start
      let parent = included[inclusion].parent
      notes.append(DiagnosticNote("included from \(site.place(in: file(parent).name))"))
      current = parent
    }
    return notes
  }
}

/// One inclusion of a file: where its text is, where it was included and with which `<key>` prefix.
struct IncludedSource: Sendable {
  /// The included file, named by its path as diagnostics show it (the including file's folder joined with
  /// the path written).
  var file: SourceFile
  /// Its path relative to the spec's folder (`partials/address.json`): a failure's `file`.
  var path: String
  /// The offset its first byte has in the spec's positions.
  var base: Int
  /// The inclusion of the file that includes it; nil for the spec itself.
  var parent: Int?
  /// The `"<include>"` key that includes it, in the spec's positions.
  var site: SourceRange
  /// The whole `{"<include>": …}` element, in the spec's positions.
  var element: SourceRange
  /// The dotted prefix its form views' keys get (with the prefixes of the files that include it); nil for none.
  var prefix: String?
}
