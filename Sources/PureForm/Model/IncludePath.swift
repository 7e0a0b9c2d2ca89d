/// The paths of `<include>`: each relative to the file that writes it, joined and normalized as text.
///
/// Normalizing is lexical, as the spec's own folder is a name and not a place on disk: `.` segments go,
/// `name/..` pairs cancel, and leading `..` stay (`partials/../x.json` is `x.json`, `../shared/a.json` stays).
/// A symbolic link is not followed, so a cycle through one is stopped by the nesting limit instead.
package enum IncludePath {
  /// The path of the file `written` names, included from the file whose path is `including`.
  package static func resolve(_ written: String, from including: String) -> String {
    normalize(directory(of: including) + written)
  }

  /// The folder part of `path` with its final `/` (`Specs/` for `Specs/a.json`); empty for a bare name.
  static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "" }
    return String(path[...slash])
  }

  /// The last segment of `path` (`a.json` for `Specs/a.json`).
  static func baseName(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
  }

  /// `path` without `.` segments and with each `name/..` pair removed.
  package static func normalize(_ path: String) -> String {
    let absolute = path.hasPrefix("/")
    var kept: [Substring] = []
    for segment in path.split(separator: "/", omittingEmptySubsequences: true) {
      if segment == "." { continue }
      if segment == "..", let last = kept.last, last != ".." {
        kept.removeLast()
      } else if segment == "..", absolute {
        continue
      } else {
        kept.append(segment)
      }
    }
    return (absolute ? "/" : "") + kept.joined(separator: "/")
  }
}
