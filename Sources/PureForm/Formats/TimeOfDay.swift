/// A time of day: RFC 3339 `partial-time` (`HH:MM:SS` with an optional fraction) or `HH:MM`, no offset.
///
/// The rule of `<format>: time`; values compare by time of day, with `10:30` equal to `10:30:00` and
/// fractions exact. Hours 00–23, minutes and seconds 00–59 (no leap second), ASCII digits only.
/// `TimeOfDay("23:59:59.999")` and `TimeOfDay("08:00")` parse; `TimeOfDay("24:00")`, `TimeOfDay("10:30Z")`
/// and `TimeOfDay("9:30")` are `nil`.
struct TimeOfDay: Hashable, Comparable, Sendable {
  /// Whole seconds since midnight, 0–86399.
  let seconds: Int
  /// The part of a second after `seconds`.
  let fraction: SecondFraction

  /// Parses `text` as a whole `partial-time` or `HH:MM`, or `nil` when it is neither.
  init?(_ text: String) {
    guard let time = text.withFormatBytes(TimeOfDay.parse) else { return nil }
    self = time
  }

  /// The time `bytes` hold when they are a whole `partial-time` or `HH:MM`.
  static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> TimeOfDay? {
    guard let (time, end) = read(bytes, at: 0, minutesOnly: true), end == bytes.count else { return nil }
    return time
  }

  private init(seconds: Int, fraction: SecondFraction) {
    self.seconds = seconds
    self.fraction = fraction
  }

  /// Reads `HH:MM:SS[.fraction]` at `start` (or `HH:MM` alone when `minutesOnly` allows it); returns the time
  /// and the index after it, or `nil` when no valid time starts there.
  static func read(
    _ bytes: UnsafeBufferPointer<UInt8>, at start: Int, minutesOnly: Bool
  ) -> (time: TimeOfDay, end: Int)? {
    guard let hour = twoDigits(bytes, at: start, below: 24), start + 2 < bytes.count,
      bytes[start + 2] == UInt8(ascii: ":"), let minute = twoDigits(bytes, at: start + 3, below: 60)
    else { return nil }
    let hoursAndMinutes = hour * 3600 + minute * 60
    guard start + 5 < bytes.count, bytes[start + 5] == UInt8(ascii: ":") else {
      return minutesOnly ? (TimeOfDay(seconds: hoursAndMinutes, fraction: .zero), start + 5) : nil
    }
    guard let second = twoDigits(bytes, at: start + 6, below: 60) else { return nil }
    let whole = hoursAndMinutes + second
    if start + 8 < bytes.count, bytes[start + 8] == UInt8(ascii: ".") {
      guard let (fraction, end) = SecondFraction.read(bytes, at: start + 8) else { return nil }
      return (TimeOfDay(seconds: whole, fraction: fraction), end)
    }
    return (TimeOfDay(seconds: whole, fraction: .zero), start + 8)
  }

  /// Two ASCII digits at `start` whose value is below `limit`.
  static func twoDigits(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, below limit: Int) -> Int? {
    guard let value = ASCIIDigits.number(in: bytes, at: start, count: 2), value < limit else { return nil }
    return value
  }

  /// Times in the order of the day.
  static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool {
    (lhs.seconds, lhs.fraction) < (rhs.seconds, rhs.fraction)
  }
}
