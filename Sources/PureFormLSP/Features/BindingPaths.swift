import Foundation

/// Binding paths (`/account/kind`, `name` inside a group) and the `<key>`s they name.
enum BindingPaths {
  /// The absolute path of a `<key>` outside a group (`account.kind` → `/account/kind`); nil inside one.
  static func absolute(ofKey key: String) -> String? {
    guard !key.split(separator: ".").contains("*") else { return nil }
    return "/" + key.replacingOccurrences(of: ".", with: "/")
  }

  /// The group prefix of a key (`items.*.` of `items.*.name`); nil outside groups.
  static func groupPrefix(ofKey key: String) -> String? {
    guard let star = key.range(of: ".*.", options: .backwards) else { return nil }
    return String(key[..<star.upperBound])
  }

  /// The relative path of `key` from a view whose group prefix is `prefix` (`name` for `items.*.name`).
  static func relative(key: String, prefix: String) -> String? {
    guard key.hasPrefix(prefix) else { return nil }
    let rest = key.dropFirst(prefix.count)
    guard !rest.isEmpty, !rest.split(separator: ".").contains("*") else { return nil }
    return rest.replacingOccurrences(of: ".", with: "/")
  }

  /// The `<key>` a path names when written in the view with key `from` (`!` of a negation left out).
  static func key(ofPath written: String, from: String?) -> String {
    var path = written.hasPrefix("!") ? String(written.dropFirst()) : written
    if path.hasPrefix("/") {
      path.removeFirst()
      return path.replacingOccurrences(of: "/", with: ".")
    }
    let dotted = path.replacingOccurrences(of: "/", with: ".")
    if let from, let prefix = groupPrefix(ofKey: from) { return prefix + dotted }
    return dotted
  }
}
