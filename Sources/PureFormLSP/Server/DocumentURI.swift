import Foundation
import PureForm

/// `file:` URIs and the paths they name.
enum DocumentURI {
  /// The path a `file:` URI names (percent-decoded, `file://localhost/` accepted); the URI itself otherwise.
  static func path(of uri: String) -> String {
    guard uri.lowercased().hasPrefix("file:") else { return uri }
    var rest = uri.dropFirst("file:".count)
    if rest.hasPrefix("//") {
      rest = rest.dropFirst(2)
      if let slash = rest.firstIndex(of: "/") { rest = rest[slash...] }  // drop the authority
    }
    let decoded = String(rest).removingPercentEncoding ?? String(rest)
    return IncludePath.normalize(decoded)
  }

  /// The `file:` URI of an absolute path; a relative path is taken from the current folder.
  static func uri(ofPath path: String) -> String {
    if path.contains("://") { return path }
    let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/")
    return "file://" + (absolute.addingPercentEncoding(withAllowedCharacters: allowed) ?? absolute)
  }
}
