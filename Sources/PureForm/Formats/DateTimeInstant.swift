/// An RFC 3339 `date-time`, as the instant it names: offsets applied, `-00:00` the same as `Z`.
///
/// The rule of `<format>: date_time`: a `full-date` (years 0001–9999, a real day), `T` or `t`, `HH:MM:SS`,
/// an optional fraction (`.` and one or more digits), then `Z`, `z` or `±HH:MM` (hours 00–23, minutes
/// 00–59). Seconds, the offset and its colon are required; no space, no leap second, ASCII digits only.
/// Values compare by instant, fractions exactly: `2024-01-01T10:00:00+02:00` equals `2024-01-01T08:00:00Z`.
struct DateTimeInstant: Hashable, Comparable, Sendable {
  /// Whole seconds since 1970-01-01T00:00:00Z (negative before it).
  let seconds: Int
  /// The part of a second after `seconds`.
  let fraction: SecondFraction

  /// Parses `text` as a whole `date-time`, or `nil` when it is not one.
  init?(_ text: String) {
    guard let instant = text.withFormatBytes(DateTimeInstant.parse) else { return nil }
    self = instant
  }

  private init(seconds: Int, fraction: SecondFraction) {
    self.seconds = seconds
    self.fraction = fraction
  }

  /// The instant `bytes` name when they are a whole `date-time`.
  static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> DateTimeInstant? {
    guard let date = CalendarDate(bytes: bytes, at: 0), bytes.count > 10,
      bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t"),
      let (time, end) = TimeOfDay.read(bytes, at: 11, minutesOnly: false), end < bytes.count
    else { return nil }
    let local = date.dayNumber * 86_400 + time.seconds
    switch bytes[end] {
    case UInt8(ascii: "Z"), UInt8(ascii: "z"):
      guard end + 1 == bytes.count else { return nil }
      return DateTimeInstant(seconds: local, fraction: time.fraction)
    case UInt8(ascii: "+"), UInt8(ascii: "-"):
      guard end + 6 == bytes.count, let hours = TimeOfDay.twoDigits(bytes, at: end + 1, below: 24),
        bytes[end + 3] == UInt8(ascii: ":"), let minutes = TimeOfDay.twoDigits(bytes, at: end + 4, below: 60)
      else { return nil }
      let offset = hours * 3600 + minutes * 60
      // Local time is UTC plus the offset, so the instant is local time minus it.
      return DateTimeInstant(
        seconds: bytes[end] == UInt8(ascii: "+") ? local - offset : local + offset, fraction: time.fraction)
    default:
      return nil
    }
  }

  /// Instants in time order.
  static func < (lhs: DateTimeInstant, rhs: DateTimeInstant) -> Bool {
    (lhs.seconds, lhs.fraction) < (rhs.seconds, rhs.fraction)
  }
}
