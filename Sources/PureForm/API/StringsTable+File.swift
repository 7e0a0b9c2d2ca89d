import Foundation

extension StringsTable {
  /// Reads the strings table at `path`, by its kind: a `.strings` file, a `.xcstrings` String Catalog, a
  /// `.json` table, or a folder of `*.lproj/Localizable.strings` (one table per locale); a file with another
  /// extension is read as JSON when it starts with `{`, else as `.strings`.
  ///
  /// `locale` picks the language of a catalog or a folder (`fr`, `fr-CA`, `pt_BR`; a locale a folder or
  /// catalog lacks is an error naming those it has). Without it, a catalog gives its source language and a
  /// folder its `Base.lproj`, else `en.lproj`, else its only locale. Tables of one language ignore it.
  public init(contentsOf path: String, locale: String? = nil) throws(FileReadError) {
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
      try self.init(folder: path, locale: locale)
      return
    }
    let file = try SourceFile(contentsOf: path)
    switch (path as NSString).pathExtension.lowercased() {
    case "strings": try self.init(strings: file)
    case "xcstrings": try self.init(catalog: file, locale: locale)
    case "json": try self.init(json: file)
    default:
      let first = file.bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) })
      if first == UInt8(ascii: "{") { try self.init(json: file) } else { try self.init(strings: file) }
    }
  }

  /// Reads `folder/<locale>.lproj/Localizable.strings`.
  private init(folder: String, locale: String?) throws(FileReadError) {
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: folder)
    } catch {
      throw FileReadError.invalid(
        path: folder, location: nil, problem: "cannot list the folder: \(error.localizedDescription)")
    }
    let locales = names.filter { name in
      name.hasSuffix(".lproj")
        && FileManager.default.fileExists(
          atPath: (folder as NSString).appendingPathComponent(name + "/Localizable.strings"))
    }.map { String($0.dropLast(".lproj".count)) }.sorted()
    guard !locales.isEmpty else {
      throw FileReadError.invalid(path: folder, location: nil, problem: "no *.lproj/Localizable.strings in the folder")
    }
    let chosen: String
    if let locale {
      guard let found = LocaleMatch.best(locale, among: locales) else {
        throw FileReadError.invalid(
          path: folder, location: nil,
          problem: "--locale '\(locale)' has no \(locale).lproj; the folder has \(locales.joined(separator: ", "))")
      }
      chosen = found
    } else if let fallback = ["Base", "en"].first(where: locales.contains) ?? (locales.count == 1 ? locales[0] : nil) {
      chosen = fallback
    } else {
      throw FileReadError.invalid(
        path: folder, location: nil, problem: "tables for \(locales.joined(separator: ", ")); choose one with --locale")
    }
    let path = (folder as NSString).appendingPathComponent("\(chosen).lproj/Localizable.strings")
    try self.init(strings: try SourceFile(contentsOf: path))
  }
}
