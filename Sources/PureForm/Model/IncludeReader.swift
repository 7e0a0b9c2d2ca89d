/// How a compilation reads the files a spec includes with `<include>`.
///
/// The compiler joins each path written with the folder of the file that writes it (a spec compiled from a
/// string named `<string>` has none: its includes are read from the current folder) and asks the reader for
/// that path's bytes. `files` reads them from disk, as every command does; a reader of your own can serve
/// them from memory or a store, and `none` refuses every include.
///
/// ```swift
/// var options = CompileOptions()
/// options.includes = IncludeReader { path throws(FileReadError) in
///   guard let text = partials[path] else { throw .noSuchFile(path: path) }
///   return Array(text.utf8)
/// }
/// ```
public struct IncludeReader: Sendable {
  /// Reads the bytes of the file at a path, or says why it cannot.
  let read: @Sendable (String) throws(FileReadError) -> [UInt8]

  /// A reader that calls `read` with the joined path of each included file.
  public init(_ read: @escaping @Sendable (_ path: String) throws(FileReadError) -> [UInt8]) {
    self.read = read
  }

  /// A reader that refuses every include: each `<include>` is an error (PF901).
  public static let none = IncludeReader { path throws(FileReadError) in
    throw .invalid(path: path, location: nil, problem: "includes are not read by this compilation")
  }
}
