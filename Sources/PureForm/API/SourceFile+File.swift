public import Foundation

extension SourceFile {
  /// The largest file pureform reads: 256 MiB.
  public static let maximumSize = 256 * 1024 * 1024

  /// Reads the whole file at `path` (a path only: the command line's `-` for standard input is the
  /// command line's to handle).
  public init(contentsOf path: String) throws(FileReadError) {
    let handle = try FileHandle.opened(forReading: path)
    defer { try? handle.close() }
    let bytes = try Self.readAll(handle.fileDescriptor, path: path)
    self.init(name: path, bytes: bytes)
  }

  /// Reads everything left in `descriptor` straight into one array, sized from the file's length when it
  /// has one (a pipe has none, and grows the array as it goes): reading into `Data` first and copying
  /// would hold a large spec twice.
  private static func readAll(_ descriptor: Int32, path: String) throws(FileReadError) -> [UInt8] {
    var info = stat()
    let known = fstat(descriptor, &info) == 0 ? max(Int(info.st_size), 0) : 0
    // One byte more than the length, so reaching the end takes no second allocation.
    var bytes = [UInt8](repeating: 0, count: min(known, maximumSize) + 1)
    var count = 0
    while true {
      if count == bytes.count {
        guard count <= maximumSize else { throw .tooLarge(path: path, limit: maximumSize) }
        bytes.append(contentsOf: repeatElement(0, count: min(max(count, 4096), maximumSize + 1 - count)))
      }
      let read = bytes.withUnsafeMutableBytes { buffer in
        // Never empty: the array is grown above whenever it is full.
        Foundation.read(descriptor, buffer.baseAddress.map { $0 + count }, buffer.count - count)
      }
      if read == 0 { break }
      if read < 0 {
        if errno == EINTR { continue }
        throw .readFailed(path: path, reason: String(cString: strerror(errno)))
      }
      count += read
    }
    guard count <= maximumSize else { throw .tooLarge(path: path, limit: maximumSize) }
    bytes.removeLast(bytes.count - count)
    return bytes
  }
}

extension FileHandle {
  /// Opens the file at `path` for reading, with `FileReadError`'s cases for a path that is missing, a
  /// directory, or not readable: what `SourceFile(contentsOf:)` reads whole, and what
  /// `CompiledForm.validateNDJSON(reading:writing:options:jobs:)` streams.
  public static func opened(forReading path: String) throws(FileReadError) -> FileHandle {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw .noSuchFile(path: path)
    }
    guard !isDirectory.boolValue else { throw .isDirectory(path: path) }
    guard let handle = FileHandle(forReadingAtPath: path) else { throw .cannotOpen(path: path) }
    return handle
  }
}
