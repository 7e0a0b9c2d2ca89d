#if canImport(Glibc)
  import Glibc
#endif

/// Stops a listening socket from taking new TCP handshakes while it still accepts the connections the
/// kernel has queued (Linux): what makes "stop accepting" lose nothing.
///
/// Closing a listening socket resets every connection the kernel has completed but the server has not
/// accepted yet, and a balancer that sent a POST on one gets a 502. So the drain first attaches a socket
/// filter that drops incoming SYN segments (a new client retries its SYN, then finds the socket closed:
/// a refused connection, which a balancer retries elsewhere), lets the server accept what is queued and
/// the handshakes under way finish, and only then closes the socket.
enum ListenerGate {
  /// Attaches the SYN-dropping filter to this process's listening TCP sockets bound to `port`.
  ///
  /// Returns how many sockets it gated: 0 on systems without socket filters.
  static func refuseNewHandshakes(port: Int) -> Int {
    #if os(Linux)
      var gated = 0
      for descriptor in listeningDescriptors(port: port) where attachFilter(descriptor) { gated += 1 }
      return gated
    #else
      return 0
    #endif
  }

  #if os(Linux)
    /// One instruction of a classic BPF program (`struct sock_filter`).
    private struct Instruction {
      var code: UInt16
      var jumpIfTrue: UInt8
      var jumpIfFalse: UInt8
      var constant: UInt32
    }

    /// A classic BPF program (`struct sock_fprog`).
    private struct Program {
      var length: UInt16
      var instructions: UnsafeMutablePointer<Instruction>
    }

    /// `SO_ATTACH_FILTER`, which Glibc does not export.
    private static let attachFilterOption: Int32 = 26

    /// Drops a segment whose TCP flags (byte 13 of the TCP header, where a socket filter's data starts)
    /// have SYN set; passes everything else (a handshake's final ACK included).
    private static let dropSYN: [Instruction] = [
      Instruction(code: 0x30, jumpIfTrue: 0, jumpIfFalse: 0, constant: 13),  // ldb [13]
      Instruction(code: 0x45, jumpIfTrue: 0, jumpIfFalse: 1, constant: 0x02),  // jset #SYN
      Instruction(code: 0x06, jumpIfTrue: 0, jumpIfFalse: 0, constant: 0),  // ret #0: drop
      Instruction(code: 0x06, jumpIfTrue: 0, jumpIfFalse: 0, constant: 0xFFFF_FFFF),  // ret: keep
    ]

    /// The process's open descriptors that are listening stream sockets bound to `port`.
    private static func listeningDescriptors(port: Int) -> [Int32] {
      guard let directory = opendir("/proc/self/fd") else { return [] }
      defer { closedir(directory) }
      var descriptors: [Int32] = []
      while let entry = readdir(directory) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        if let descriptor = Int32(name), isListening(descriptor, port: port) { descriptors.append(descriptor) }
      }
      return descriptors
    }

    /// Whether `descriptor` is a listening socket bound to `port` (IPv4 or IPv6).
    private static func isListening(_ descriptor: Int32, port: Int) -> Bool {
      var accepting: Int32 = 0
      var size = socklen_t(MemoryLayout<Int32>.size)
      guard getsockopt(descriptor, SOL_SOCKET, SO_ACCEPTCONN, &accepting, &size) == 0, accepting == 1 else {
        return false
      }
      var address = sockaddr_storage()
      var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
      let named = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
      }
      guard named == 0 else { return false }
      let bound: UInt16
      switch Int32(address.ss_family) {
      case AF_INET:
        bound = withUnsafePointer(to: &address) {
          $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
        }
      case AF_INET6:
        bound = withUnsafePointer(to: &address) {
          $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin6_port) }
        }
      default: return false
      }
      return Int(bound) == port
    }

    /// Attaches `dropSYN` to `descriptor`; false when the kernel refuses it.
    private static func attachFilter(_ descriptor: Int32) -> Bool {
      var instructions = dropSYN
      return instructions.withUnsafeMutableBufferPointer { buffer in
        guard let base = buffer.baseAddress else { return false }
        var program = Program(length: UInt16(buffer.count), instructions: base)
        return setsockopt(
          descriptor, SOL_SOCKET, attachFilterOption, &program, socklen_t(MemoryLayout<Program>.size)) == 0
      }
    }
  #endif
}
